import type { Duplex } from 'node:stream';
import type { ServedDevice } from './device-port.js';
import type { SocketReader } from './reader.js';
import { drainAndEnd, safeWrite } from './framing.js';
import { serveSync } from './sync.js';
import { serveInteractiveShell } from './interactive-shell.js';

/**
 * One device service's byte stream and how to answer its opening: a smart-socket connection
 * answers `OKAY`/`FAIL` in-band, a device transport (adbd over TCP) with OKAY/CLSE packets.
 */
export interface ServiceStream {
  io: Duplex;
  accept(): void;
  /** Refuses the service and closes the stream. */
  refuse(reason: string): void;
}

/**
 * Services reached after a transport switch (AOSP services.cpp / daemon/services.cpp).
 * `shell:` v1 and `exec:` both stream raw stdout+stderr and end at FIN; the v1 exit status is lost,
 * exactly as on a real device.
 */
export async function handleDeviceService(
  stream: ServiceStream,
  reader: SocketReader,
  device: ServedDevice,
  isPlugged: () => boolean,
  service: string,
): Promise<void> {
  const socket = stream.io;
  if (service.startsWith('shell:') || service.startsWith('exec:')) {
    const cmd = service.slice(service.indexOf(':') + 1);
    stream.accept();
    if (cmd.trim() === '' && service.startsWith('shell:')) {
      await serveInteractiveShell(socket, reader, device);
      return;
    }
    await runStreaming(socket, device, cmd, isPlugged);
    return;
  }
  if (/^shell,[^:]*:/.test(service)) {
    // We never advertise shell_v2, so a v2 request is a client bug; refuse instead of mis-framing.
    stream.refuse('shell protocol v2 not supported (feature not advertised)');
    return;
  }
  if (service === 'sync:') {
    stream.accept();
    await serveSync(socket, reader, device.fs);
    await drainAndEnd(socket);
    return;
  }
  if (service === 'framebuffer:') {
    const img = await device.framebuffer();
    stream.accept();
    // v1 header (13 x u32 LE), the only one adbkit parses: version, bpp, size, w, h, then RGBA offsets/lengths.
    const h = Buffer.alloc(52);
    const fields = [1, 32, img.pixels.length, img.width, img.height, 0, 8, 16, 8, 8, 8, 24, 8];
    fields.forEach((v, i) => h.writeUInt32LE(v, i * 4));
    safeWrite(socket, h);
    safeWrite(socket, img.pixels);
    await drainAndEnd(socket);
    return;
  }
  if (service.startsWith('localabstract:')) {
    // A program's socket (minicap): reached by `adb forward … localabstract:NAME` or opened directly.
    const connect = device.connectAbstract(service.slice('localabstract:'.length));
    if (!connect) {
      stream.refuse('closed'); // adbd cannot connect: no process listens there
      return;
    }
    stream.accept();
    await new Promise<void>((resolve) => {
      socket.once('close', resolve);
      connect(socket);
    });
    return;
  }
  // Real adbd closes the stream for services it cannot open; the client reports "closed".
  stream.refuse('closed');
}

async function runStreaming(socket: Duplex, device: ServedDevice, cmd: string, isPlugged: () => boolean): Promise<void> {
  const ac = new AbortController();
  // A client FIN closes the stream on a real adb server too (it has no half-close), which kills the
  // shell: that is how adbkit stops `while getprop sys.boot_completed` and logcat.
  const abort = () => ac.abort();
  socket.once('close', abort);
  socket.once('end', abort);
  try {
    await device.runShell(cmd, {
      signal: ac.signal,
      write: (data) => {
        if (!isPlugged()) {
          // The cable was pulled mid-command: the stream dies like a real USB disconnect.
          socket.destroy();
          ac.abort();
          return;
        }
        safeWrite(socket, data);
      },
    });
  } catch (err) {
    safeWrite(socket, `/system/bin/sh: ${(err as Error).message}\n`);
  } finally {
    socket.off('close', abort);
    socket.off('end', abort);
  }
  await drainAndEnd(socket);
}
