import type { Socket } from 'node:net';
import type { ServedDevice } from '../device-port.js';
import { handleDeviceService } from '../device-services.js';
import { safeWrite } from '../framing.js';
import { ReaderClosed, SocketReader } from '../reader.js';
import type { AdbPublicKey } from './auth.js';
import { newToken, parseAdbPublicKey, verifySignature } from './auth.js';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_STLS,
  A_SYNC,
  A_VERSION,
  A_VERSION_MIN,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  MAX_PAYLOAD,
  PacketError,
  encodePacket,
  readPacket,
} from './packet.js';
import type { Packet } from './packet.js';
import { AdbdStream } from './stream.js';
import type { ConnectionLimits } from '../limits.js';
import { DEFAULT_CONNECTION_LIMITS } from '../limits.js';

/** Keys this phone has accepted ("Always allow from this computer"), shared by its connections. */
export interface KeyStore {
  known(): readonly AdbPublicKey[];
  accept(key: AdbPublicKey): void;
}

/**
 * One host connection to the phone's daemon: CNXN, AUTH, then any number of concurrent streams.
 * Everything a stream needs (shell, exec, sync, framebuffer) is the same service code the
 * smart-socket server uses; only the framing differs.
 */
export class AdbdConnection {
  private readonly reader: SocketReader;
  private readonly streams = new Map<number, AdbdStream>();
  private nextLocalId = 1;
  private online = false;
  private token: Buffer | null = null;
  private version = A_VERSION;
  maxPayload = 4096;
  closed = false;

  private readonly handshakeTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: Socket,
    private readonly device: ServedDevice,
    private readonly keys: KeyStore,
    private readonly isPlugged: () => boolean,
    private readonly limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
    /** Called once the host is authenticated (the connection is no longer pending). */
    private readonly onOnline: () => void = () => {},
  ) {
    this.reader = new SocketReader(socket);
    // A host that connects and never completes CNXN/AUTH is dropped, as adbd drops it.
    this.handshakeTimer = setTimeout(() => {
      if (!this.online) socket.destroy();
    }, limits.handshakeMs);
    socket.once('close', () => this.teardown());
  }

  send(command: number, arg0: number, arg1: number, data?: Buffer): void {
    if (this.closed) return;
    safeWrite(this.socket, encodePacket(command, arg0, arg1, data));
  }

  /** Reads packets until the host goes away or breaks the protocol. */
  async serve(): Promise<void> {
    try {
      for (;;) {
        // Before CNXN the host's payload limit is unknown; the protocol's v1 limit is 4 KiB, but
        // hosts send a full public key in AUTH, so allow the daemon's own maximum.
        const p = await readPacket(this.reader, MAX_PAYLOAD);
        this.handle(p);
      }
    } catch (e) {
      if (!(e instanceof ReaderClosed) && !(e instanceof PacketError)) throw e;
    } finally {
      this.socket.destroy();
      this.teardown();
    }
  }

  private handle(p: Packet): void {
    switch (p.command) {
      case A_CNXN:
        this.version = Math.max(A_VERSION_MIN, Math.min(A_VERSION, p.arg0));
        this.maxPayload = Math.max(4096, Math.min(MAX_PAYLOAD, p.arg1));
        this.online = false;
        this.challenge();
        return;
      case A_AUTH:
        this.onAuth(p);
        return;
      case A_OPEN:
        if (this.online) this.open(p);
        else this.send(A_CLSE, 0, p.arg0);
        return;
      case A_OKAY:
        this.streams.get(p.arg1)?.onOkay();
        return;
      case A_WRTE:
        this.streams.get(p.arg1)?.onWrite(p.data);
        return;
      case A_CLSE: {
        const s = this.streams.get(p.arg1);
        this.streams.delete(p.arg1);
        s?.onClose();
        return;
      }
      case A_SYNC:
      case A_STLS:
        // SYNC is obsolete; STLS is only answered if the daemon asked for TLS, which this one never does.
        return;
    }
  }

  private challenge(): void {
    this.token = newToken();
    this.send(A_AUTH, AUTH_TOKEN, 0, this.token);
  }

  private onAuth(p: Packet): void {
    if (!this.token || this.online) return;
    if (p.arg0 === AUTH_SIGNATURE) {
      if (this.keys.known().some((k) => verifySignature(k.key, this.token!, p.data))) this.connect();
      else this.challenge(); // unknown key: ask again, so the host moves on to its next key or sends the public key
      return;
    }
    if (p.arg0 === AUTH_RSAPUBLICKEY) {
      const key = parseAdbPublicKey(p.data);
      if (!key) {
        this.socket.destroy();
        return;
      }
      this.keys.accept(key);
      this.connect();
    }
  }

  private connect(): void {
    this.online = true;
    clearTimeout(this.handshakeTimer);
    this.onOnline();
    const d = this.device;
    const banner = `device::ro.product.name=${d.product};ro.product.model=${d.model};ro.product.device=${d.deviceName};features=`;
    this.send(A_CNXN, this.version, this.maxPayload, Buffer.from(banner, 'utf8'));
  }

  private open(p: Packet): void {
    if (this.streams.size >= this.limits.streamsPerConnection) {
      // More open streams than any host needs: refused like a service that cannot be opened.
      this.send(A_CLSE, 0, p.arg0);
      return;
    }
    const service = p.data.toString('utf8').replace(/\0+$/, '');
    const localId = this.nextLocalId++;
    const stream = new AdbdStream(this, localId, p.arg0);
    this.streams.set(localId, stream);
    stream.once('close', () => this.streams.delete(localId));
    const reader = new SocketReader(stream);
    const served = { io: stream, accept: () => stream.accept(), refuse: () => stream.refuse() };
    void handleDeviceService(served, reader, this.device, this.isPlugged, service)
      .catch(() => undefined)
      .finally(() => {
        if (!stream.destroyed) stream.end();
      });
  }

  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.handshakeTimer);
    for (const s of this.streams.values()) s.onClose();
    this.streams.clear();
  }
}
