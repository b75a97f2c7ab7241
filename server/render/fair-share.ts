// Slots and places in line shared among clients (DECISIONS §12), weighed by what each map is estimated to cost
// (cost/estimate.ts). A client is whoever the edge says it is (its key, else its address: http/client-id.ts).
// Without shares, one client asking for new maps as fast as it could held every slot and place in line, and
// another's maps waited behind all of them or were refused.
//
// - A client is active while it holds a slot or a place, and for ACTIVE_MS after its last render ended: one that
//   asks a map a second stays active between its maps.
// - Each active client's share is an equal part of the slots and of the places, at least one of each. A client
//   alone has them all; with others active it holds no more than its share of slots, so that one slot or more
//   stays free for them rather than being held by its next map.
// - A render weighs as many slots as its cost is SLOT_COST's, one at least: a client holds its share in cost, not
//   in maps. An 8000 px world PNG (cost 1,100) weighs four or five slots, so its client draws one at a time however
//   many slots are free, and the others' maps do not share the cores with two or eight of them. A client holding
//   nothing may always take a free slot, whatever its map weighs.
// - A free slot goes to the client in line that has been given the least cost (start-time fair queuing: each
//   client's renders are tagged with the cost given it so far, counted from where the line stands when it comes),
//   its oldest map first: a client of cheap maps goes before one of costly maps however long that one waited.
// - A client over its share of places is refused (429); when every place is taken, the newest place of the
//   client most over its share is given up for a client within its own (that client's map is refused 429), and
//   only when no client is over its share is the newcomer refused as the queue being full (503).
import { RenderRefused } from './render-errors.ts';

/** How long a client stays active after its last render: longer than a dashboard's or a polite client's pause. */
export const ACTIVE_MS = 5000;
/** The cost a slot is weighed in: about two and a half world PNGs of 1200 px (cost 115). */
export const SLOT_COST = 250;

const weightOf = (cost: number) => Math.max(1, cost / SLOT_COST);

interface Place {
  client: string;
  cost: number;
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
  /** the slots each client holds, and the weight of their renders */
  private readonly held = new Map<string, { slots: number; weight: number }>();
  /** each client's places, oldest first */
  private readonly lines = new Map<string, Place[]>();
  /** the cost given each active client so far: where its next render starts, in the line's reckoning */
  private readonly given = new Map<string, number>();
  /** where the line stands: the start of the render given a slot last */
  private clock = 0;
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

  /** A slot for `client`'s render of estimated cost `cost`: now, or once its turn comes. The promise fails when its
   *  place is given up for another client's, and `leave` gives the place up (at a deadline). `release` gives the
   *  slot back with the same cost. */
  enter(client: string, cost = SLOT_COST): { slot: Promise<void>; leave(): void } {
    if (
      this.inUse < this.options.slots &&
      !this.lines.has(client) &&
      this.mayTake(client, cost, this.slotShare(client))
    ) {
      this.takeSlot(client, cost);
      return { slot: Promise.resolve(), leave: () => {} };
    }
    let place!: Place;
    const slot = new Promise<void>((take, refuse) => {
      place = { client, cost, take, refuse };
    });
    this.queue(place);
    return { slot, leave: () => this.giveUp(place) };
  }

  /** `client`'s slot back (of the render of `cost` it entered with), for the next in line. */
  release(client: string, cost = SLOT_COST): void {
    this.inUse--;
    const holds = this.held.get(client)!;
    if (holds.slots > 1) this.held.set(client, { slots: holds.slots - 1, weight: holds.weight - weightOf(cost) });
    else this.held.delete(client);
    this.ended.set(client, this.now());
    this.dispatch();
  }

  /** Whether `client` may take a slot for a render of `cost`: it holds none, or its renders and this one weigh no
   *  more than `share`. */
  private mayTake(client: string, cost: number, share: number): boolean {
    const holds = this.held.get(client);
    return holds === undefined || holds.weight + weightOf(cost) <= share;
  }

  private takeSlot(client: string, cost: number): void {
    this.inUse++;
    const holds = this.held.get(client) ?? { slots: 0, weight: 0 };
    this.held.set(client, { slots: holds.slots + 1, weight: holds.weight + weightOf(cost) });
    const starts = this.startOf(client);
    this.clock = starts;
    this.given.set(client, starts + cost);
  }

  /** Where `client`'s next render starts in the line's reckoning: after the cost given it, and not before where the
   *  line stands (a client that was away comes back level with the others, with no credit saved up). */
  private startOf(client: string): number {
    return Math.max(this.clock, this.given.get(client) ?? 0);
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
    for (const who of this.given.keys()) if (!clients.has(who)) this.given.delete(who);
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

  /** Free slots to the clients in line, the one given the least cost first, each within its share. */
  private dispatch(): void {
    while (this.inUse < this.options.slots) {
      // the same for every client in line, who are all active
      const share = this.slotShare(null);
      let next: string | undefined;
      for (const [client, line] of this.lines) {
        if (!this.mayTake(client, line[0]!.cost, share)) continue;
        if (next === undefined || this.startOf(client) < this.startOf(next)) next = client;
      }
      if (next === undefined) return;
      const line = this.lines.get(next)!;
      const place = line.shift()!;
      this.waiting--;
      if (line.length === 0) this.lines.delete(next);
      this.takeSlot(next, place.cost);
      place.take();
    }
  }
}
