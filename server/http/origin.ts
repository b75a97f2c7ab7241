// Where a request came to, for the absolute URLs an answer gives (a stored map's, an MCP tool's links): PUBLIC_URL
// when the operator set it, else the scheme and Host the request came with (through TRUST_PROXY's proxies, the ones
// they forwarded). A Host is the client's to write, so it is taken only when it is a host name or an IP address with
// an optional port; anything else (`a b`, `[::1`, `x:99999999`, `ex%ample`) is a 400, never a URL that fails later.
import type { Context } from 'koa';
import { ApiError } from '../errors.ts';

/** RFC 3986's host and port, without the percent-encoding and sub-delimiters no real host name has. */
const AUTHORITY = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `https://maps.example.org`: PUBLIC_URL, else the request's own origin. */
export function originOf(ctx: Context, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  // Koa's ctx.origin is built from the same host; its ctx.header.origin is another thing, the page that asked
  const host = ctx.host;
  if (AUTHORITY.test(host)) {
    try {
      return new URL(`${ctx.protocol}://${host}`).origin;
    } catch {
      // a port over 65535, an address that is none: refused below
    }
  }
  throw new ApiError(
    'invalid_field',
    `the Host header ${JSON.stringify(host)} is no host name or address with an optional port, which the URLs of this answer would begin with`,
    'Host',
  );
}
