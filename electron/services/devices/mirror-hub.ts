import type { MirrorFrameDto, MirrorPath, MirrorStatusDto } from '../../../shared/domain/device.js';
import type { MinicapSession } from '../../adapters/adb/minicap-session.js';
import { startMinicap } from '../../adapters/adb/minicap-session.js';
import type { EventBus } from '../event-bus.js';
import type { DeviceHub } from './device-hub.js';
import type { FrameCache } from './frame-cache.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * The live mirror of each phone some window is looking at. It takes minicap's stream when the phone
 * can run it (frames as the screen changes, tens per second) and otherwise falls back by itself to
 * `screencap` in a loop (one frame per capture: about 1 fps on a real phone), saying why in the status
 * and the log. Frames go to the frame cache and are announced as `devices.onMirrorFrame`; a window
 * keeps its mirror alive by asking for it again (a lease), so a closed tab does not leave a stream running.
 */
const LEASE_MS = 20_000;
/** What the window shows is rarely larger: frames are scaled into this box on the phone. */
export const DEFAULT_MIRROR_BOX = { width: 360, height: 800 };
const RESTART_AFTER_MS = 2_000;

export interface MirrorRequest {
  serial: string;
  /** `screencap` forces the slow path (a phone whose minicap misbehaves). */
  prefer?: 'auto' | 'screencap';
}

class MirrorSession {
  path: MirrorPath | null = null;
  reason: string | null = null;
  leaseUntil = 0;
  private seq = 0;
  private lastAt = performance.now();
  private minicap: MinicapSession | null = null;
  private stopped = false;
  private restarts = 0;

  constructor(
    readonly serial: string,
    private readonly prefer: 'auto' | 'screencap',
    private readonly hub: DeviceHub,
    private readonly frames: FrameCache,
    private readonly events: EventBus,
    private readonly log: (m: string) => void,
  ) {}

  status(): MirrorStatusDto {
    return { serial: this.serial, path: this.path, reason: this.reason };
  }

  private publish(): void {
    this.events.emit('devices', 'onMirrorStatus', this.status());
  }

  private frame(bytes: Uint8Array, width: number, height: number, path: MirrorPath, captureMs?: number): void {
    const now = performance.now();
    const dto: MirrorFrameDto = {
      frameId: this.frames.put(bytes),
      serial: this.serial,
      width,
      height,
      capturedAt: new Date().toISOString(),
      captureMs: captureMs ?? now - this.lastAt,
      path,
      seq: ++this.seq,
    };
    this.lastAt = now;
    this.events.emit('devices', 'onMirrorFrame', dto);
  }

  async run(): Promise<void> {
    if (this.prefer === 'screencap') return this.fallBack('screencap was chosen for this mirror');
    try {
      await this.startFast();
    } catch (e) {
      await this.fallBack(errorMessage(e));
    }
  }

  private async startFast(): Promise<void> {
    const { server, serial } = this.hub.locate(this.serial);
    const session = await startMinicap(server, serial, {
      box: DEFAULT_MIRROR_BOX,
      onFrame: (jpeg, banner) => this.frame(jpeg, banner.virtualWidth, banner.virtualHeight, 'minicap'),
      onEnd: (why) => void this.lost(why),
    });
    if (this.stopped) return void (await session.stop());
    this.minicap = session;
    this.path = 'minicap';
    this.reason = null;
    this.log(`mirror of ${this.serial}: minicap (${session.kind}) at ${session.banner.virtualWidth}x${session.banner.virtualHeight}`);
    this.publish();
  }

  /** The stream ended while in use (phone unplugged, minicap killed): start it again once, then fall back. */
  private async lost(why: string): Promise<void> {
    this.minicap = null;
    if (this.stopped) return;
    this.log(`mirror of ${this.serial}: minicap stopped (${why})`);
    if (this.restarts++ < 1) {
      await new Promise((r) => setTimeout(r, RESTART_AFTER_MS));
      if (this.stopped) return;
      try {
        return await this.startFast();
      } catch (e) {
        why = `${why}; restarting it failed: ${errorMessage(e)}`;
      }
    }
    await this.fallBack(`minicap stopped: ${why}`);
  }

  private async fallBack(reason: string): Promise<void> {
    this.path = 'screencap';
    this.reason = reason;
    this.log(`mirror of ${this.serial}: using screencap (about 1 frame a second on a real phone) because ${reason}`);
    this.publish();
    const device = this.hub.device(this.serial);
    while (!this.stopped) {
      const t0 = performance.now();
      try {
        const png = await device.screenshot();
        if (this.stopped) break;
        // PNG IHDR: width and height are the first fields of the first chunk.
        const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
        this.frame(png, b.readUInt32BE(16), b.readUInt32BE(20), 'screencap', performance.now() - t0);
      } catch (e) {
        this.reason = `${reason}; the last capture failed: ${errorMessage(e)}`;
        this.publish();
        await new Promise((r) => setTimeout(r, 1000)); // a gone device: try again gently
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.minicap?.stop();
    this.minicap = null;
  }
}

export class MirrorHub {
  private readonly sessions = new Map<string, MirrorSession>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly hub: DeviceHub,
    private readonly frames: FrameCache,
    private readonly events: EventBus,
    private readonly log: (m: string) => void,
  ) {
    this.sweep = setInterval(() => {
      const now = performance.now();
      for (const s of this.sessions.values()) if (s.leaseUntil < now) void this.stop(s.serial);
    }, 5_000);
    this.sweep.unref();
  }

  /** Starts (or keeps alive) the mirror of a phone; asking again renews it. */
  start(req: MirrorRequest): MirrorStatusDto {
    const prefer = req.prefer ?? 'auto';
    let s = this.sessions.get(req.serial);
    if (s && prefer === 'screencap' && s.path === 'minicap') {
      void this.stop(req.serial);
      s = undefined;
    }
    if (!s) {
      s = new MirrorSession(req.serial, prefer, this.hub, this.frames, this.events, this.log);
      this.sessions.set(req.serial, s);
      void s.run();
    }
    s.leaseUntil = performance.now() + LEASE_MS;
    return s.status();
  }

  async stop(serial: string): Promise<void> {
    const s = this.sessions.get(serial);
    if (!s) return;
    this.sessions.delete(serial);
    await s.stop();
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.sessions.keys()].map((k) => this.stop(k)));
  }
}
