// Maps asked of a running service as a client asks: by GET, by POST with a JSON or CSV body, and the 400 that
// names the field at fault.
import assert from 'node:assert/strict';
import { fetchSvg } from './svg.ts';

/** A POST of `body` as `type`. */
export const post = (body: string, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

/** Requests to `service`, its URL read at each request (a test file's service starts before its tests). */
export function mapRequests(service: { readonly url: string }) {
  const svg = (path: string, init?: RequestInit) => fetchSvg(service.url, path, init);
  return {
    svg,
    /** POSTs `body` to /render/map, `query` (`?scope=…`) beside it */
    postSvg: (body: string, type?: string, query = '') => svg(`/render/map${query}`, post(body, type)),
    async expectError(path: string, init: RequestInit | undefined, code: string, field: string) {
      const response = await fetch(service.url + path, init);
      const body = (await response.json()) as { error: string; field?: string; message: string };
      assert.equal(response.status, 400, body.message);
      assert.equal(body.error, code, body.message);
      assert.equal(body.field, field, body.message);
    },
  };
}
