// Resident memory of a process and every process below it (the service and its Chromium), from /proc.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces; the fields after its closing parenthesis are fixed
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** MiB resident in `root` and its descendants. */
export function treeRssMiB(root: number): number {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    total += rssKb(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}
