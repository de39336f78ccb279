import { Duplex } from 'node:stream';
import { A_CLSE, A_OKAY, A_WRTE } from './packet.js';

/** What a stream needs from its connection. */
export interface PacketSink {
  send(command: number, arg0: number, arg1: number, data?: Buffer): void;
  readonly maxPayload: number;
  readonly closed: boolean;
}

/**
 * One adb stream (OPEN … CLSE) as a Duplex, so the same service code serves smart-socket
 * connections and device transports. Outgoing data becomes WRTE packets no larger than the
 * negotiated payload, each waiting for the host's OKAY before the next (the protocol's flow
 * control); incoming WRTE payloads are pushed to the readable side and acknowledged.
 */
export class AdbdStream extends Duplex {
  private ackWaiter: (() => void) | null = null;
  private awaitingAck = false;
  private clseSent = false;

  constructor(
    private readonly conn: PacketSink,
    readonly localId: number,
    readonly remoteId: number,
  ) {
    super({ allowHalfOpen: true });
  }

  /** OPEN accepted: the host may now write. */
  accept(): void {
    this.conn.send(A_OKAY, this.localId, this.remoteId);
  }

  /** OPEN refused: a daemon answers CLSE with a zero local id. */
  refuse(): void {
    this.clseSent = true;
    this.conn.send(A_CLSE, 0, this.remoteId);
    this.destroy();
  }

  /** The host acknowledged our last WRTE. */
  onOkay(): void {
    this.awaitingAck = false;
    const w = this.ackWaiter;
    this.ackWaiter = null;
    w?.();
  }

  onWrite(data: Buffer): void {
    if (this.destroyed) return;
    this.push(data);
    this.conn.send(A_OKAY, this.localId, this.remoteId);
  }

  /** The host closed the stream (or the connection died): both directions end. */
  onClose(): void {
    this.clseSent = true; // never answer a CLSE with a CLSE
    this.onOkay();
    this.push(null);
    this.destroy();
  }

  private waitForAck(): Promise<void> {
    if (!this.awaitingAck || this.conn.closed) return Promise.resolve();
    return new Promise((resolve) => (this.ackWaiter = resolve));
  }

  override _read(): void {
    // Data is pushed as WRTE packets arrive; the host waits for our OKAY, which bounds it.
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void): void {
    void (async () => {
      for (let off = 0; off < chunk.length; off += this.conn.maxPayload) {
        await this.waitForAck();
        if (this.destroyed || this.conn.closed) return cb(new Error('stream closed'));
        this.awaitingAck = true;
        this.conn.send(A_WRTE, this.localId, this.remoteId, chunk.subarray(off, off + this.conn.maxPayload));
      }
      cb();
    })();
  }

  override _final(cb: (e?: Error | null) => void): void {
    void this.waitForAck().then(() => {
      this.sendClose();
      cb();
      this.destroy();
    });
  }

  override _destroy(err: Error | null, cb: (e?: Error | null) => void): void {
    this.sendClose();
    this.onOkay();
    cb(err);
  }

  private sendClose(): void {
    if (this.clseSent) return;
    this.clseSent = true;
    if (!this.conn.closed) this.conn.send(A_CLSE, this.localId, this.remoteId);
  }
}
