/**
 * Clients for the capacity bench's baselines. Each acts like a load-test player (one message per
 * think time, 150–600 ms) and measures message → reply latency: a colyseus.js client of the bare
 * echo room, or a plain `ws` client of the echo socket.
 */
import { Client, type Room } from 'colyseus.js';
import WebSocket from 'ws';
import { Rng } from '../../shared/random.js';
import { joinRaw, type RawSeat } from './rawSeat.js';

export interface ClientStats { latencies: number[]; actions: number; errors: string[] }

/** Bytes the `ws` clients of this process received (colyseus.js clients are counted by playerClient's wireCounters). */
export const wsBytes = { received: 0 };

abstract class PacedClient {
  readonly stats: ClientStats = { latencies: [], actions: 0, errors: [] };
  protected closing = false;
  private readonly sent = new Map<number, number>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private readonly rng: Rng;

  constructor(seed: number, private readonly thinkMs: [number, number]) {
    this.rng = new Rng(seed);
  }

  start(): void {
    const [lo, hi] = this.thinkMs;
    this.timer = setTimeout(() => {
      if (this.closing) return;
      const id = this.nextId++;
      this.sent.set(id, performance.now());
      this.stats.actions++;
      this.send(id);
      this.start();
    }, lo + this.rng.int(Math.max(1, hi - lo)));
  }

  protected replied(id: unknown): void {
    const at = typeof id === 'number' ? this.sent.get(id) : undefined;
    if (at === undefined) return;
    this.stats.latencies.push(performance.now() - at);
    this.sent.delete(id as number);
  }

  stop(): void {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
  }

  protected abstract send(id: number): void;
}

export class ColyseusEchoClient extends PacedClient {
  private room?: Room;

  async connect(endpoint: string): Promise<void> {
    const room = await new Client(endpoint).joinOrCreate('echo');
    room.onMessage('ack', (m: { id?: unknown }) => this.replied(m.id));
    room.onLeave((code) => { if (!this.closing) this.stats.errors.push(`left:${code}`); });
    this.room = room;
  }

  protected send(id: number): void {
    this.room!.send('action', { id });
  }

  async close(): Promise<void> {
    this.stop();
    await this.room?.leave(true).catch(() => undefined);
  }
}

/** A raw seat (rawSeat.ts) of an echo room: the generator the Junction tables use, without decoding. */
export class RawEchoClient extends PacedClient {
  private seat?: RawSeat;

  async connect(httpBase: string): Promise<void> {
    this.seat = await joinRaw(httpBase, 'joinOrCreate', 'echo', {}, false, (type, m) => {
      if (type === 'ack') this.replied((m as { id?: unknown } | undefined)?.id);
    }, undefined, (code) => { if (!this.closing) this.stats.errors.push(`left:${code}`); });
  }

  protected send(id: number): void {
    this.seat!.send('action', { id });
  }

  async close(): Promise<void> {
    this.stop();
    await this.seat?.leave();
  }
}

export class WsEchoClient extends PacedClient {
  private socket?: WebSocket;

  connect(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => { this.socket = socket; resolve(); });
      socket.once('error', reject);
      socket.on('message', (data: Buffer) => {
        wsBytes.received += data.length;
        this.replied((JSON.parse(data.toString('utf8')) as { id?: unknown }).id);
      });
      socket.on('close', (code) => { if (!this.closing) this.stats.errors.push(`closed:${code}`); });
    });
  }

  protected send(id: number): void {
    this.socket!.send(JSON.stringify({ id }));
  }

  close(): Promise<void> {
    this.stop();
    this.socket?.close();
    return Promise.resolve();
  }
}
