// Who a request is from, for its share of the renderers (render/fair-share.ts): its key when it brings a valid one
// (access/access-control.ts), else its address. Behind TRUST_PROXY proxies the address is the one the nearest of
// them saw, read from X-Forwarded-For; a client cannot choose it by sending a header of its own, which the proxies
// append to. Entries that are no IP address are left out before counting: a client that reaches the service
// directly and writes `X-Forwarded-For: x1`, `x2`… is its connection's address, not a new client each time.
import type Koa from 'koa';
import type { Context } from 'koa';
import { isIP, isIPv6 } from 'node:net';
import type { AccessState } from '../access/access-control.ts';

/** Lets Koa read `ctx.ip` from X-Forwarded-For, through `proxies` proxies (0: the connection's own address). */
export function trustProxies(app: Koa, proxies: number): void {
  app.proxy = proxies > 0;
  // the last `proxies` addresses are the ones our proxies appended; the leftmost of them is the client's
  app.maxIpsCount = proxies;
}

/** An IPv6 client is its /64: a host is given a whole /64 and may use any address of it, so that a client per
 *  address would be one client per request. An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) is the IPv4 one. */
export function clientOf(ctx: Context): string {
  const state = ctx.state as { access?: AccessState; client?: string };
  // once access has been decided, the client is known for the rest of the request: read once
  if (state.client !== undefined) return state.client;
  const client = clientNow(state.access, ctx);
  if (state.access) state.client = client;
  return client;
}

function clientNow(access: AccessState | undefined, ctx: Context): string {
  if (access?.key) return `key:${access.key.id}`;
  const address = addressOf(ctx).replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The address that sent the request: as Koa reads it from the proxies' X-Forwarded-For (the first of its last
 *  TRUST_PROXY entries), the entries that are no IP address left out (one with a port, as some proxies write it,
 *  is its address); else the connection's. */
function addressOf(ctx: Context): string {
  const connection = ctx.socket.remoteAddress ?? '';
  if (!ctx.app.proxy) return connection;
  const forwarded = ctx
    .get(ctx.app.proxyIpHeader)
    .split(',')
    .map((entry) => entry.trim().replace(/^\[(.*)\](?::\d+)?$|^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1$2'))
    .filter((entry) => isIP(entry) !== 0);
  return forwarded.slice(-ctx.app.maxIpsCount)[0] ?? connection;
}

/** The eight groups of an IPv6 address, `::` filled in (a zone index dropped). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const filled = [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return filled.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
