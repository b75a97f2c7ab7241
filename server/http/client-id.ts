// Who a request is from, for its share of the renderers (render/fair-share.ts): its key when it brings a valid one
// (access/access-control.ts), else its address. Behind TRUST_PROXY proxies the address is the one the nearest of
// them saw, read from X-Forwarded-For; a client cannot choose it by sending a header of its own, which the proxies
// append to.
import type Koa from 'koa';
import type { Context } from 'koa';
import { isIPv6 } from 'node:net';
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
  const key = (ctx.state.access as AccessState | undefined)?.key;
  if (key) return `key:${key.id}`;
  const address = ctx.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
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
