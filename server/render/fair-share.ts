// Slots and places in line shared among clients (DECISIONS §12). A client is whoever the edge says it is (its key,
// else its address: http/client-id.ts). Without shares, one client asking for new maps as fast as it could held
// every slot and place in line, and another's maps waited behind all of them or were refused.
//
// - A client is active while it holds a slot or a place, and for ACTIVE_MS after its last render ended: one that
//   asks a map a second stays active between its maps.
// - Each active client's share is an equal part of the slots and of the places, at least one of each. A client
//   alone has them all; with others active it holds no more than its share of slots, so that one slot or more
//   stays free for them rather than being held by its next map.
// - A free slot goes to the client in line served least recently, its oldest map first.
// - A client over its share of places is refused (429); when every place is taken, the newest place of the
//   client most over its share is given up for a client within its own (that client's map is refused 429), and
//   only when no client is over its share is the newcomer refused as the queue being full (503).
import { RenderRefused } from './render-errors.ts';

/** How long a client stays active after its last render: longer than a dashboard's or a polite client's pause. */
export const ACTIVE_MS = 5000;

interface Place {
  client: string;
  take(): void;
  refuse(error: RenderRefused): void;
}

export interface FairShareOptions {
  /** for the refusals: `svg` (threads) or `png` (Chromium) */
  renderer: string;
  slots: number;
  queueMax: number;
  /** the clock, in ms (tests move it) */
  now?: () => number;
}

export class FairShare {
  private inUse = 0;
  private waiting = 0;
  private readonly held = new Map<string, number>();
  /** each client's places, oldest first */
  private readonly lines = new Map<string, Place[]>();
  /** when each client active was last given a slot, counted in slots given */
  private readonly served = new Map<string, number>();
  private given = 0;
  /** when each client's last render ended, while that makes it active */
  private readonly ended = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: FairShareOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** places taken */
  get queued(): number {
    return this.waiting;
  }

  /** A slot for `client`: now, or once its turn comes. The promise fails when its place is given up for another
   *  client's, and `leave` gives the place up (at a deadline). */
  enter(client: string): { slot: Promise<void>; leave(): void } {
    if (this.inUse < this.options.slots && this.holds(client) < this.slotShare(client)) {
      this.takeSlot(client);
      return { slot: Promise.resolve(), leave: () => {} };
    }
    let place!: Place;
    const slot = new Promise<void>((take, refuse) => {
      place = { client, take, refuse };
    });
    this.queue(place);
    return { slot, leave: () => this.giveUp(place) };
  }

  /** `client`'s slot back, for the next in line. */
  release(client: string): void {
    this.inUse--;
    const left = this.holds(client) - 1;
    if (left > 0) this.held.set(client, left);
    else this.held.delete(client);
    this.ended.set(client, this.now());
    this.dispatch();
  }

  private holds(client: string): number {
    return this.held.get(client) ?? 0;
  }

  private takeSlot(client: string): void {
    this.inUse++;
    this.held.set(client, this.holds(client) + 1);
    this.served.set(client, ++this.given);
  }

  /** Each active client's part of the slots, `client` counted as active. */
  private slotShare(client: string | null): number {
    return Math.max(1, Math.floor(this.options.slots / this.active(client)));
  }

  /** The clients active now, `client` among them. */
  private active(client: string | null): number {
    const since = this.now() - ACTIVE_MS;
    for (const [who, at] of this.ended) if (at < since) this.ended.delete(who);
    const clients = new Set([...this.held.keys(), ...this.lines.keys(), ...this.ended.keys()]);
    if (client !== null) clients.add(client);
    for (const who of this.served.keys()) if (!clients.has(who)) this.served.delete(who);
    return clients.size;
  }

  private queue(place: Place): void {
    const { renderer, queueMax } = this.options;
    const active = this.active(place.client);
    const share = Math.max(1, Math.floor(queueMax / active));
    const line = this.lines.get(place.client) ?? [];
    // a client alone may have every place: the queue is full then, for no one's greed
    if (active > 1 && line.length >= share) throw new RenderRefused('over-share', renderer);
    if (this.waiting >= queueMax) {
      const greediest = [...this.lines].reduce<Place[] | null>(
        (most, [, other]) => (other.length > share && other.length > (most?.length ?? 0) ? other : most),
        null,
      );
      if (!greediest) throw new RenderRefused('queue-full', renderer);
      const pushedOut = greediest[greediest.length - 1]!;
      this.giveUp(pushedOut);
      pushedOut.refuse(new RenderRefused('over-share', renderer));
    }
    line.push(place);
    this.lines.set(place.client, line);
    this.waiting++;
  }

  private giveUp(place: Place): void {
    const line = this.lines.get(place.client);
    const at = line?.indexOf(place) ?? -1;
    if (at < 0) return;
    line!.splice(at, 1);
    this.waiting--;
    if (line!.length === 0) this.lines.delete(place.client);
  }

  /** Free slots to the clients in line, the one served least recently first, each within its share. */
  private dispatch(): void {
    while (this.inUse < this.options.slots) {
      // the same for every client in line, who are all active
      const share = this.slotShare(null);
      let next: string | undefined;
      for (const client of this.lines.keys()) {
        if (this.holds(client) >= share) continue;
        if (next === undefined || (this.served.get(client) ?? 0) < (this.served.get(next) ?? 0)) next = client;
      }
      if (next === undefined) return;
      const line = this.lines.get(next)!;
      const place = line.shift()!;
      this.waiting--;
      if (line.length === 0) this.lines.delete(next);
      this.takeSlot(next);
      place.take();
    }
  }
}
