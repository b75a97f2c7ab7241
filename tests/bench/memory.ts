// The benchmark's measure of memory: a service of its own, the PSS of its process tree (Node with its SVG threads,
// Chromium's browser, GPU, utility and renderer processes) at idle after start, then after a mixed load at
// saturation (world, RO and US-county SVG and PNG misses at 8 clients, then the first map of 20 other scopes),
// 5 s and 30 s later, process by process. PSS divides a page shared by several processes among them, so
// Chromium's dozen processes are not each counted whole; what other programs on the machine share with the tree
// (Chromium's own code when another Chromium runs) lowers it a little.
import { get, load, mib, row, SERVICE, sleep, start } from './measure.ts';
import { treePssByKind } from '../support/process-tree.ts';

const CLIENTS = 8;
const LOAD_SECONDS = 20;
/** when memory is read after the load: soon, and once V8 and Chromium have given its garbage back */
const LOADED_SECONDS = 5;
const SETTLED_SECONDS = 30;
const OTHER_SCOPES = ['FR', 'IT', 'ES', 'PL', 'SE', 'NO', 'FI', 'GB', 'CN', 'IN', 'BR', 'CA', 'AU', 'MX', 'JP', 'ZA'];
const OTHER_PNG_SCOPES = ['AR', 'EG', 'TR', 'UA'];

let counter = 0;
/** Cache misses of every kind the service draws often, the data differing on every call. */
const MIXED: Array<() => string> = [
  () => `/map.svg?scope=world&data=US:${++counter},CN:150,IN:80,BR:60`,
  () => `/map.png?scope=world&data=US:${++counter},CN:150,IN:80,BR:60`,
  () => `/map.svg?scope=world&level=medium&data=US:${++counter},CN:150`,
  () => `/map.svg?scope=world&level=high&data=US:${++counter},CN:150`,
  () => `/map.png?scope=world&level=medium&data=US:${++counter},CN:150`,
  () => `/map.svg?scope=RO&data=RO-B:${++counter},RO-CJ:200,RO-IS:150`,
  () => `/map.png?scope=RO&data=RO-B:${++counter},RO-CJ:200,RO-IS:150`,
  () => `/map.svg?scope=US&data=06037:${++counter},17031:3,48201:4,04013:5,06073:6,36047:7,12086:8,53033:9`,
];

/** "total: node …, 2 browsers …, gpu-process …, 2 renderers …, other …" in MiB (other only when there is any). */
function breakdown(pid: number): { total: number; text: string } {
  const kinds = treePssByKind(pid);
  const total = [...kinds.values()].reduce((sum, kind) => sum + kind.mib, 0);
  const shown = ['node', 'browser', 'gpu-process', 'renderer'];
  const parts = shown
    .filter((kind) => kinds.has(kind))
    .map((kind) => {
      const { mib: size, count } = kinds.get(kind)!;
      return count > 1 ? `${count} ${kind}s ${mib(size)}` : `${kind} ${mib(size)}`;
    });
  const other = [...kinds].filter(([kind]) => !shown.includes(kind));
  const otherMiB = other.reduce((sum, [, kind]) => sum + kind.mib, 0);
  if (other.length > 0)
    parts.push(`other ${mib(otherMiB)} (${other.map(([kind, { count }]) => `${count} ${kind}`).join(', ')})`);
  return { total, text: `${mib(total)}: ${parts.join(', ')}` };
}

export async function memory(): Promise<void> {
  const service = await start(SERVICE, {});
  const pid = service.child.pid as number;
  try {
    await sleep(5000);
    const idle = breakdown(pid);
    row('memory (PSS) of the process tree at idle after start', idle.text, '≤ 450 MiB', idle.total <= 450);

    let next = 0;
    const mixed = await load(service.url, CLIENTS, LOAD_SECONDS, () => MIXED[next++ % MIXED.length]());
    for (const scope of OTHER_SCOPES)
      await get(`${service.url}/map.svg?scope=${scope}&level=medium&title=m${++counter}`);
    for (const scope of OTHER_PNG_SCOPES)
      await get(`${service.url}/map.png?scope=${scope}&level=medium&title=m${++counter}`);
    await sleep(LOADED_SECONDS * 1000);
    const loaded = breakdown(pid);
    const cached = /^map_cache_bytes (\S+)$/m.exec(await (await fetch(`${service.url}/metrics`)).text())?.[1];
    row(
      `memory (PSS) after a mixed load (${CLIENTS} clients, ${LOAD_SECONDS} s, ${mixed.perSecond.toFixed(0)} req/s; then ${OTHER_SCOPES.length + OTHER_PNG_SCOPES.length} first maps of other scopes), ${LOADED_SECONDS} s later`,
      `${loaded.text}; the output cache holds ${mib(Number(cached) / 2 ** 20)} of node's`,
      '≤ 800 MiB',
      loaded.total <= 800,
    );
    // what an idle service comes back to: V8 and Chromium give back a load's garbage on their own schedules
    await sleep((SETTLED_SECONDS - LOADED_SECONDS) * 1000);
    row(`memory (PSS) ${SETTLED_SECONDS} s after the same load, nothing asked meanwhile`, breakdown(pid).text);
  } finally {
    service.child.kill('SIGTERM');
  }
}
