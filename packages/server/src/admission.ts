/**
 * Who may stay connected (docs/server.md, "Threat model"): seats before spectators. A connection
 * that holds a seat is never refused by a limit of its address; connections that hold none are
 * limited per address on each node (`CONNECTIONS_PER_ADDRESS`, enough for a household or a school
 * behind one address). One past the limit is let in on probation: it may still say hello with a
 * seat token within `PROBATION_MS` (a player of that address), and is closed otherwise. A
 * spectator's hello builds a view to send, so those of one address share one bucket
 * (`WATCH_HELLOS_PER_ADDRESS` a second, all its connections together); a seat's never count.
 */
import type { BlockList } from 'node:net';
import type { Socket as IoSocket } from 'socket.io';
import { clientAddress } from './client-address.ts';
import { RateLimit } from './rate-limit.ts';

/** How long a connection past its address's limit has to attach to a seat. */
export const PROBATION_MS = 10_000;

/** What admission keeps about one connection. */
export interface Admitted {
  readonly address: string;
  /** Past its address's limit: it must attach to a seat, or it is closed. */
  probation: boolean;
  timer: NodeJS.Timeout | null;
}

export class Admission {
  /** Address -> this node's connections from it that hold no seat (probation ones excluded). */
  private readonly unseated = new Map<string, Set<IoSocket>>();
  private readonly admitted = new WeakMap<IoSocket, Admitted>();
  /** Address -> its spectators' hello bucket, while it has a connection on this node. */
  private readonly watchHellos = new Map<string, { bucket: RateLimit; sockets: number }>();

  constructor(
    private readonly perAddress: number,
    private readonly trusted: BlockList,
    private readonly watchHellosPerSecond = 20,
  ) {}

  /** Whether a spectator's hello on `socket` is within its address's share (false: refuse it). */
  mayHelloToWatch(socket: IoSocket): boolean {
    const entry = this.admitted.get(socket);
    return entry ? (this.watchHellos.get(entry.address)?.bucket.take() ?? true) : true;
  }

  /**
   * A new connection from `peer` (its upgrade request's `X-Forwarded-For`, believed from a trusted
   * proxy only): counted against its address, or on probation past the limit.
   */
  open(socket: IoSocket, peer: string | undefined, forwardedFor: string | undefined): Admitted {
    const address = clientAddress(peer, forwardedFor, this.trusted);
    const count = this.unseated.get(address)?.size ?? 0;
    const entry: Admitted = { address, probation: count >= this.perAddress, timer: null };
    this.admitted.set(socket, entry);
    const hellos = this.watchHellos.get(address);
    if (hellos) hellos.sockets++;
    else this.watchHellos.set(address, { bucket: new RateLimit(this.watchHellosPerSecond), sockets: 1 });
    if (entry.probation) {
      entry.timer = setTimeout(() => socket.disconnect(true), PROBATION_MS);
      entry.timer.unref();
    } else this.count(address, socket);
    return entry;
  }

  /** Whether a connection may attach without a seat (false: it is on probation, to be closed). */
  mayWatch(socket: IoSocket): boolean {
    return this.admitted.get(socket)?.probation !== true;
  }

  /** After a connection's seats changed: one that holds a seat counts no more against its address. */
  holding(socket: IoSocket, holdsSeat: boolean): void {
    const entry = this.admitted.get(socket);
    if (!entry) return;
    if (holdsSeat) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      entry.probation = false;
      this.uncount(entry.address, socket);
    } else if (!entry.probation) this.count(entry.address, socket);
  }

  close(socket: IoSocket): void {
    const entry = this.admitted.get(socket);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    this.uncount(entry.address, socket);
    this.admitted.delete(socket);
    const hellos = this.watchHellos.get(entry.address);
    if (hellos && --hellos.sockets <= 0) this.watchHellos.delete(entry.address);
  }

  /** Connections holding no seat from `address` on this node. */
  unseatedFrom(address: string): number {
    return this.unseated.get(address)?.size ?? 0;
  }

  private count(address: string, socket: IoSocket): void {
    let set = this.unseated.get(address);
    if (!set) this.unseated.set(address, (set = new Set()));
    set.add(socket);
  }

  private uncount(address: string, socket: IoSocket): void {
    const set = this.unseated.get(address);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.unseated.delete(address);
  }
}
