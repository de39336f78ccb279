/**
 * minicap's stream (DeviceFarmer minicap README, "Usage"): a 24-byte banner — version u8, banner
 * length u8, pid u32, real width u32, real height u32, virtual width u32, virtual height u32,
 * orientation u8 (quarter turns), quirks u8, all little-endian — then frames, each a u32 LE
 * length followed by that many bytes of JPEG. Pure: bytes in, banner and frames out.
 */
export interface MinicapBanner {
  version: number;
  pid: number;
  realWidth: number;
  realHeight: number;
  virtualWidth: number;
  virtualHeight: number;
  /** Degrees: 0, 90, 180 or 270. */
  orientation: number;
  quirks: number;
}

export const BANNER_LENGTH = 24;
/** No screen JPEG comes near this; a larger length means the stream is not minicap's. */
const MAX_FRAME = 32 * 1024 * 1024;

export class MinicapProtocolError extends Error {
  override readonly name = 'MinicapProtocolError';
}

export class MinicapParser {
  private buf: Buffer = Buffer.alloc(0);
  private banner: MinicapBanner | null = null;

  constructor(
    private readonly onBanner: (b: MinicapBanner) => void,
    private readonly onFrame: (jpeg: Buffer) => void,
  ) {}

  get hasBanner(): boolean {
    return this.banner !== null;
  }

  /** Feeds bytes as they arrive; throws MinicapProtocolError on a stream that is not minicap's. */
  push(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    if (!this.banner) {
      if (this.buf.length < 2) return;
      const len = this.buf.readUInt8(1);
      if (len < BANNER_LENGTH) throw new MinicapProtocolError(`minicap banner of ${len} bytes (expected ${BANNER_LENGTH})`);
      if (this.buf.length < len) return;
      const b = this.buf;
      this.banner = {
        version: b.readUInt8(0),
        pid: b.readUInt32LE(2),
        realWidth: b.readUInt32LE(6),
        realHeight: b.readUInt32LE(10),
        virtualWidth: b.readUInt32LE(14),
        virtualHeight: b.readUInt32LE(18),
        orientation: b.readUInt8(22) * 90,
        quirks: b.readUInt8(23),
      };
      this.buf = this.buf.subarray(len);
      this.onBanner(this.banner);
    }
    for (;;) {
      if (this.buf.length < 4) return;
      const len = this.buf.readUInt32LE(0);
      if (len === 0 || len > MAX_FRAME) throw new MinicapProtocolError(`minicap frame of ${len} bytes`);
      if (this.buf.length < 4 + len) return;
      const frame = this.buf.subarray(4, 4 + len);
      this.buf = this.buf.subarray(4 + len);
      if (frame[0] !== 0xff || frame[1] !== 0xd8) throw new MinicapProtocolError('a minicap frame that is not a JPEG');
      this.onFrame(Buffer.from(frame));
    }
  }
}

/** Which minicap a phone runs: the native binary with its library for the phone's Android, or the APK on newer ones. */
export type MinicapPlan = { kind: 'native'; abi: string; sdk: number } | { kind: 'apk'; sdk: number };

/** The projection argument: the real display, and a box the frames are scaled into (minicap keeps the aspect ratio). */
export function projectionArg(real: { width: number; height: number }, box: { width: number; height: number }): string {
  const scale = Math.min(1, box.width / real.width, box.height / real.height);
  return `${real.width}x${real.height}@${Math.round(real.width * scale)}x${Math.round(real.height * scale)}/0`;
}
