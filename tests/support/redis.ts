// A real redis-server (Debian's package) on a free loopback port, started, killed and restarted by a test.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';

export interface TestRedis {
  port: number;
  url: string;
  pid(): number | undefined;
  /** SIGKILL, as a crash would: no goodbye to the clients */
  kill(): Promise<void>;
  /** starts it again on the same port (empty: it saves nothing) */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A loopback port nothing listens on (right now). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined = await spawnRedis(port);
  const kill = async () => {
    if (!child) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    running.delete(child);
    child = undefined;
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: () => child?.pid,
    kill,
    async restart() {
      await kill();
      child = await spawnRedis(port);
    },
    stop: kill,
  };
}

async function spawnRedis(port: number): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()];
  const child = spawn(process.env.REDIS_SERVER || 'redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  let exit: string | undefined;
  child.once('error', (error) => {
    exit = error.message;
  });
  child.once('exit', (code, signal) => {
    exit ??= `exited (${code ?? signal})`;
    running.delete(child);
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`redis-server on port ${port} ${exit}: is Debian's redis-server installed?\n${output}`);
    if (await pings(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server on port ${port} did not answer PING within 10 s\n${output}`);
}

/** PING over a raw socket: true on +PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
