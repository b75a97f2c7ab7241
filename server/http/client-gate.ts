// Each client's share of the service's own thread (DECISIONS §12: every route under fair share). A client (its key,
// else its address: client-id.ts) has at most `inside` requests being answered at once; its next ones wait in line at
// the door, in order, costing nothing but their connection, and go in as its earlier ones are answered.
//
// Without it, a client over its share of the renderers was refused at once (429), and with 100 connections asked
// again at once: 1,600 refusals a second, each read, normalised and answered on the one thread every client's
// cached maps are answered on (a polite client's cached map took 38 times as long). Now such a client waits for its
// own maps, and its flood goes as fast as its share of the renderers, not as fast as it can be refused. A request
// that waits longer than `waitMs` is 429; so is one that comes when `waiting` of the client's already wait, a second
// later (REFUSAL_DELAY_MS) and before its request is read, so that a connection refused asks again once a second
// rather than as fast as it can.
import type { Middleware } from 'koa';
import { ApiError } from '../errors.ts';
import { clientOf } from './client-id.ts';

export interface ClientGateOptions {
  /** requests of one client answered at once */
  inside: number;
  /** requests of one client waiting at the door, beyond which it is refused */
  waiting: number;
  /** how long one may wait */
  waitMs: number;
}

/** How long a refusal for a full line is held: long for a connection that asks again at once, nothing for a person. */
const REFUSAL_DELAY_MS = 1000;

interface Line {
  inside: number;
  waiting: Array<() => void>;
}

export function clientGate({ inside, waiting, waitMs }: ClientGateOptions): Middleware {
  const lines = new Map<string, Line>();

  function refusal(why: string): ApiError {
    return new ApiError('rate_limited', `this client ${why}; ask again once its maps are answered`, undefined, {
      'Retry-After': '1',
    });
  }

  /** Resolves once the client may go in; counted inside by then. */
  function enter(client: string): Promise<void> | void {
    const line = lines.get(client) ?? { inside: 0, waiting: [] };
    lines.set(client, line);
    if (line.inside < inside) {
      line.inside++;
      return;
    }
    if (line.waiting.length >= waiting) {
      const refused = refusal(
        `has ${inside} requests being answered and ${waiting} more waiting, as many as one client may`,
      );
      return new Promise<void>((_, reject) => setTimeout(() => reject(refused), REFUSAL_DELAY_MS));
    }
    return new Promise<void>((resolve, reject) => {
      const goIn = () => {
        clearTimeout(timer);
        line.inside++;
        resolve();
      };
      const timer = setTimeout(() => {
        line.waiting.splice(line.waiting.indexOf(goIn), 1);
        reject(refusal(`waited ${waitMs} ms behind ${inside} requests of its own being answered`));
      }, waitMs);
      line.waiting.push(goIn);
    });
  }

  function leave(client: string): void {
    const line = lines.get(client)!;
    line.inside--;
    const next = line.waiting.shift();
    if (next) next();
    else if (line.inside === 0) lines.delete(client);
  }

  return (ctx, next) => {
    const client = clientOf(ctx);
    const through = () => {
      let passed: Promise<unknown>;
      try {
        passed = next();
      } catch (error) {
        leave(client);
        throw error;
      }
      return passed.finally(() => leave(client));
    };
    // a client within its share goes through without waiting a turn of promises
    const waiting = enter(client);
    return waiting === undefined ? through() : waiting.then(through);
  };
}
