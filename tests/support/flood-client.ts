// A client flooding the service, in a process of its own at the lowest CPU priority, as a client on another machine
// takes none of the service's cores: reading a flood's answers in the test's or the benchmark's own process, or
// beside the service at its priority, delayed the polite client's maps by what it spent.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface Flood {
  connections: number;
  /** a JavaScript expression of `n`, the requests sent so far: the path of the next */
  path: string;
  /** its X-Forwarded-For: the service tells clients apart by it under TRUST_PROXY=1 */
  address: string;
  /** POSTed as JSON, when given */
  body?: unknown;
  /** how long a connection waits after an answer other than 200 before asking again */
  pauseOnRefusalMs?: number;
}

const SCRIPT = `
const { Pool } = require('undici');
const { FLOOD_URL, FLOOD_CONNECTIONS, FLOOD_PATH, FLOOD_ADDRESS, FLOOD_BODY, FLOOD_PAUSE } = process.env;
const pool = new Pool(FLOOD_URL, { connections: Number(FLOOD_CONNECTIONS) });
const path = new Function('n', 'return ' + FLOOD_PATH);
const statuses = {};
let stopping = false;
let n = 0;
process.on('SIGTERM', () => (stopping = true));
const client = async () => {
  while (!stopping) {
    let status = 'failed';
    try {
      const { statusCode, body } = await pool.request({
        method: FLOOD_BODY ? 'POST' : 'GET',
        path: path(n++),
        body: FLOOD_BODY || undefined,
        headers: { 'x-forwarded-for': FLOOD_ADDRESS, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      });
      await body.dump({ limit: Infinity });
      status = statusCode;
    } catch {}
    statuses[status] = (statuses[status] || 0) + 1;
    if (status !== 200 && Number(FLOOD_PAUSE) > 0) await new Promise((resolve) => setTimeout(resolve, Number(FLOOD_PAUSE)));
  }
};
Promise.all(Array.from({ length: Number(FLOOD_CONNECTIONS) }, client)).then(() => process.stdout.write(JSON.stringify(statuses)));
`;

/** Starts the flood on the service at `url`; stopping it resolves with the count of each status it was answered
 *  (`failed` for requests that got no answer) and how many seconds it ran. */
export function startFlood(
  url: string,
  options: Flood,
): () => Promise<{ statuses: Record<string, number>; seconds: number }> {
  const child = spawn(process.execPath, ['-e', SCRIPT], {
    // where undici is installed
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: {
      ...process.env,
      FLOOD_URL: url,
      FLOOD_CONNECTIONS: String(options.connections),
      FLOOD_PATH: options.path,
      FLOOD_ADDRESS: options.address,
      FLOOD_BODY: options.body === undefined ? '' : JSON.stringify(options.body),
      FLOOD_PAUSE: String(options.pauseOnRefusalMs ?? 0),
    },
  });
  setPriority(child.pid!, 19);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = performance.now();
  return async () => {
    child.kill('SIGTERM');
    await exited;
    return { statuses: JSON.parse(out) as Record<string, number>, seconds: (performance.now() - started) / 1000 };
  };
}
