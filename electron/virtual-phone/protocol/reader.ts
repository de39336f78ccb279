import type { Duplex } from 'node:stream';

/**
 * Pull-style reader over a socket. The ADB host protocol is a strict request/response exchange
 * (hex4 frames, then binary sync packets), so "read exactly n bytes" is the natural primitive;
 * an event-driven parser would spread every service over callbacks.
 * Rejects with ReaderClosed when the peer half-closes or the socket dies before n bytes arrive,
 * so a half-sent frame never leaves a handler waiting forever.
 */
export class ReaderClosed extends Error {
  constructor(readonly partial: number) {
    super(partial > 0 ? 'connection closed mid-frame' : 'connection closed');
  }
}

export class SocketReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private waiter: (() => void) | null = null;

  constructor(private readonly socket: Duplex) {
    socket.on('data', (d: Buffer) => {
      this.chunks.push(d);
      this.buffered += d.length;
      // Back-pressure: a client streaming a large push faster than we consume must not balloon memory.
      if (this.buffered > 4 * 1024 * 1024) socket.pause();
      this.wake();
    });
    const end = () => {
      this.ended = true;
      this.wake();
    };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end);
  }

  get isEnded(): boolean {
    return this.ended && this.buffered === 0;
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    if (this.buffered < 1024 * 1024 && this.socket.isPaused()) this.socket.resume();
    return out;
  }

  /** Resolves with exactly n bytes, or rejects with ReaderClosed. */
  async read(n: number): Promise<Buffer> {
    while (this.buffered < n) {
      if (this.ended) throw new ReaderClosed(this.buffered);
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
    return Buffer.from(this.take(n));
  }

  /** Resolves with whatever arrives next (at least 1 byte), or null at end of stream. */
  async readSome(): Promise<Buffer | null> {
    while (this.buffered === 0) {
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
    return Buffer.from(this.take(this.buffered));
  }
}
