import type { Duplex } from 'node:stream';
import type { VirtualFs } from '../device/fs.js';

/**
 * What the ADB server needs from a device. The phone model implements it; the protocol layer
 * never reaches into screens or apps, so either side can change without the other.
 */
export interface ShellIO {
  write(data: Buffer | string): void;
  /** Aborted when the client disconnects, so long-running commands (sleep, loops) stop. */
  signal: AbortSignal;
}

export interface FramebufferImage {
  width: number;
  height: number;
  /** RGBA8888, row-major. */
  pixels: Buffer;
}

export interface ServedDevice {
  readonly serial: string;
  readonly transportId: number;
  readonly product: string;
  readonly model: string;
  readonly deviceName: string;
  readonly fs: VirtualFs;
  /** Runs a `shell:`/`exec:` payload with device-sh semantics; resolves to the exit status. */
  runShell(command: string, io: ShellIO): Promise<number>;
  framebuffer(): Promise<FramebufferImage>;
  /** Connects to a socket a program on the device listens on (`localabstract:NAME`); undefined when none does. */
  connectAbstract(name: string): ((io: Duplex) => void) | undefined;
  dispose(): void;
}
