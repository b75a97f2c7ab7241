// Place look-ups (GET /places, the MCP tools' find_places) share the service's own thread fairly (DECISIONS §12). A
// look-up is a few milliseconds of that thread, which also answers every client's cached maps: 16 connections
// looking up `San` as fast as they could took another client's cached map from 3 to 210 ms. So look-ups are made
// one at a time, each in a turn of the event loop of its own and the next only as long after as it took (what came
// in meanwhile is answered between two of them), and the turns go round the clients waiting, the one served least
// first (render/fair-share.ts, with one slot): a client flooding look-ups waits behind its own, and is refused (429)
// past its share of the places in line. A look-up alone is answered at once.
import { ApiError } from '../errors.ts';
import { FairShare } from '../render/fair-share.ts';
import { RenderRefused } from '../render/render-errors.ts';

/** Look-ups that may wait, shared among the clients waiting: a place in line is a promise, and one MCP batch may
 *  hold a hundred look-ups. */
const QUEUE_MAX = 1024;

export class LookupLane {
  private readonly shares = new FairShare({ renderer: 'place look-ups', slots: 1, queueMax: QUEUE_MAX });

  /** `work` for `client`, once its turn comes. */
  async run<T>(client: string, work: () => T): Promise<T> {
    try {
      await this.shares.enter(client).slot;
    } catch (error) {
      throw error instanceof RenderRefused ? refusal(error) : error;
    }
    let took = 0;
    try {
      // a turn of its own: the look-up before it ended in this one
      await new Promise((resolve) => setImmediate(resolve));
      const started = performance.now();
      try {
        return work();
      } finally {
        took = performance.now() - started;
      }
    } finally {
      // the next look-up waits as long as this one took: look-ups in a row hold at most half the thread
      setTimeout(() => this.shares.release(client), took);
    }
  }
}

/** A look-up refused its place in line, in words of look-ups: 429 over the client's share, 503 with every place taken. */
function refusal({ reason }: RenderRefused): ApiError {
  if (reason === 'over-share')
    return new ApiError(
      'rate_limited',
      'you have as many place look-ups waiting as one client may, while others wait too; retry shortly',
      undefined,
      { 'Retry-After': '1' },
    );
  return new ApiError('overloaded', 'too many place look-ups are waiting; retry shortly', undefined, {
    'Retry-After': '1',
  });
}
