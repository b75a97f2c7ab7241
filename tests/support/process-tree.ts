// Processes read from /proc (Linux): a process's descendants and their resident memory, for the pool's
// crash and memory tests, tests/soak.ts and the benchmark.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces and parentheses; the fields after its last ')' are fixed
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** `root` and every process below it that is still running. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (pid !== root || isRunning(pid)) tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory of one process in KiB (VmRSS), 0 once it has gone. */
function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of `root` and its descendants, in MiB. */
export function treeRssMiB(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + rssKiB(pid), 0) / 1024;
}

/** Proportional memory of one process in KiB (Pss: each shared page divided among the processes that map
 *  it), 0 once it has gone. Chromium's dozen processes share most of their code, which RSS counts in each. */
function pssKiB(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** What a process of the service's tree is: `node` (the root: the service and its threads), or Chromium's
 *  `browser`, `gpu-process`, `renderer`, `zygote`, `utility:network`..., or its command otherwise. */
function processKind(pid: number, root: number): string {
  if (pid === root) return 'node';
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'gone';
  }
  const type = /--type=(\S+)/.exec(command)?.[1];
  if (!type) return /chrom/.test(command) ? 'browser' : (command.split(' ')[0].split('/').pop() ?? command);
  const utility = /--utility-sub-type=(\w+)/.exec(command)?.[1];
  return type === 'utility' && utility ? `utility:${utility}` : type;
}

/** PSS of `root` and its descendants by kind of process (processKind), in MiB, with how many of each. */
export function treePssByKind(root: number): Map<string, { mib: number; count: number }> {
  const kinds = new Map<string, { mib: number; count: number }>();
  for (const pid of processTree(root)) {
    const kind = processKind(pid, root);
    const sum = kinds.get(kind) ?? { mib: 0, count: 0 };
    kinds.set(kind, { mib: sum.mib + pssKiB(pid) / 1024, count: sum.count + 1 });
  }
  return kinds;
}

/** Proportional memory of `root` and its descendants, in MiB: what the tree costs the machine. */
export function treePssMiB(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + pssKiB(pid), 0) / 1024;
}

/** True while the process exists and is not a zombie. */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
