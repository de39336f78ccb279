import type { Duplex } from 'node:stream';
import type { CommandContext } from '../../shell/interpreter.js';
import type { ProcessTable } from '../processes.js';
import { renderJpeg } from '../../ui/jpeg.js';
import { SCREEN_H, SCREEN_W, DENSITY_DPI } from '../../ui/theme.js';

/**
 * minicap (DeviceFarmer), as the pushed binary or `minicap.apk` run by `app_process` behaves:
 * `-P WxH@VWxVH/R` picks the projection, then it listens on the abstract socket `@minicap` and
 * sends every client a 24-byte banner followed by frames, each a 4-byte little-endian length and
 * a JPEG, whenever the screen changes. `-i` prints the display as JSON, `-s` writes one JPEG to
 * stdout. Frames are real JPEGs of the phone's screen (sharp), drawn at the projected size.
 */
export interface MinicapHost {
  readonly processes: ProcessTable;
  svg(): string;
  /** Called whenever the screen may have changed (an input, a command); returns an unsubscribe. */
  onScreenChange(fn: () => void): () => void;
  /** The phone's own time to grab and encode one frame (0 on the instant profile). */
  frameDelayMs(): number;
}

const BANNER_VERSION = 1;
const BANNER_SIZE = 24;
/** Clock-driven content (status-bar minute, toasts, a running timer) changes without an input. */
const IDLE_CHECK_MS = 500;
/** Frames drawn at once: the next is drawn while earlier ones are still encoding (sharp's thread pool). */
const FRAMES_IN_FLIGHT = 3;
/** A client this far behind gets no new frames until it catches up (minicap sends the newest, not a backlog). */
const MAX_BUFFERED = 2 * 1024 * 1024;

interface Projection {
  realW: number;
  realH: number;
  virtW: number;
  virtH: number;
  rotation: number;
}

function parseProjection(spec: string): Projection | null {
  const m = /^(\d+)x(\d+)@(\d+)x(\d+)\/(0|90|180|270)$/.exec(spec);
  if (!m) return null;
  const [realW, realH, boxW, boxH, rotation] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (!realW || !realH || !boxW || !boxH) return null;
  // The virtual size is a box: the frame keeps the display's aspect ratio inside it.
  const scale = Math.min(boxW / SCREEN_W, boxH / SCREEN_H, 1);
  return { realW, realH, virtW: Math.max(1, Math.round(SCREEN_W * scale)), virtH: Math.max(1, Math.round(SCREEN_H * scale)), rotation };
}

function banner(pid: number, p: Projection): Buffer {
  const b = Buffer.alloc(BANNER_SIZE);
  b.writeUInt8(BANNER_VERSION, 0);
  b.writeUInt8(BANNER_SIZE, 1);
  b.writeUInt32LE(pid, 2);
  b.writeUInt32LE(p.realW, 6);
  b.writeUInt32LE(p.realH, 10);
  b.writeUInt32LE(p.virtW, 14);
  b.writeUInt32LE(p.virtH, 18);
  b.writeUInt8(p.rotation / 90, 22);
  b.writeUInt8(0, 23); // quirks: none (frames only on change, upright, no tearing)
  return b;
}

const USAGE = `Usage: minicap [-h] [-n <name>]
  -d <id>:       Display ID. (0)
  -n <name>:     Change the name of the abtract unix domain socket. (minicap)
  -P <value>:    Display projection (<w>x<h>@<w>x<h>/{0|90|180|270}).
  -Q <value>:    JPEG quality (0-100).
  -s:            Take a screenshot and output it to stdout. Needs -P.
  -S:            Skip frames when they cannot be consumed quickly enough.
  -t:            Attempt to get the capture method running, then exit.
  -i:            Get display information in JSON format. May segfault.
  -h:            Show help.
`;

export async function minicapMain(host: MinicapHost, ctx: CommandContext, args: string[]): Promise<number> {
  let spec: string | null = null;
  let socketName = 'minicap';
  let quality = 80;
  let mode: 'serve' | 'shot' | 'info' | 'test' = 'serve';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-P') spec = args[++i] ?? null;
    else if (a === '-n') socketName = args[++i] ?? socketName;
    else if (a === '-Q') quality = Math.max(1, Math.min(100, Number(args[++i]) || quality));
    else if (a === '-d') i++;
    else if (a === '-s') mode = 'shot';
    else if (a === '-i') mode = 'info';
    else if (a === '-t') mode = 'test';
    else if (a === '-S') continue;
    else {
      ctx.err(USAGE);
      return a === '-h' ? 0 : 1;
    }
  }
  if (mode === 'info') {
    const info = {
      id: 0,
      width: SCREEN_W,
      height: SCREEN_H,
      xdpi: DENSITY_DPI,
      ydpi: DENSITY_DPI,
      size: 6.1,
      density: DENSITY_DPI / 160,
      fps: 60,
      secure: false,
      rotation: 0,
    };
    ctx.out(JSON.stringify(info, null, 2) + '\n');
    return 0;
  }
  const proj = spec === null ? null : parseProjection(spec);
  if (!proj) {
    ctx.err(`ERROR: ${spec === null ? 'Projection is required' : `Unable to parse projection ${spec}`}\n`);
    return 1;
  }
  if (mode === 'test') {
    ctx.out('INFO: Capture method is working\n');
    return 0;
  }
  if (mode === 'shot') {
    ctx.out(await renderJpeg(host.svg(), proj.virtW, quality));
    return 0;
  }
  return serve(host, ctx, proj, socketName, quality);
}

function serve(host: MinicapHost, ctx: CommandContext, proj: Projection, socketName: string, quality: number): Promise<number> {
  return new Promise<number>((resolve) => {
    const clients = new Set<Duplex>();
    const stop = (code: number): void => {
      host.processes.exit(pid);
      for (const c of clients) c.destroy();
      ctx.signal.removeEventListener('abort', onAbort);
      resolve(code);
    };
    const onAbort = (): void => stop(130); // the shell stream was closed: SIGHUP
    const pid = host.processes.spawn('minicap', () => stop(143));
    if (!host.processes.listen(pid, socketName, (io) => serveClient(host, io, pid, proj, quality, clients))) {
      host.processes.exit(pid);
      ctx.err(`ERROR: Unable to bind socket: Address already in use\n`);
      resolve(1);
      return;
    }
    ctx.out(
      `PID: ${pid}\nINFO: Using projection ${proj.realW}x${proj.realH}@${proj.virtW}x${proj.virtH}/${proj.rotation}\nINFO: Server start\n`,
    );
    if (ctx.signal.aborted) return stop(130);
    ctx.signal.addEventListener('abort', onAbort);
  });
}

/**
 * One client: the banner, then a frame whenever the screen changed. The next frame is drawn while
 * earlier ones are still encoding (three in flight at most), and frames are sent in order.
 */
function serveClient(host: MinicapHost, io: Duplex, pid: number, proj: Projection, quality: number, clients: Set<Duplex>): void {
  clients.add(io);
  let open = true;
  let dirty = true;
  let wake: (() => void) | null = null;
  const poke = (): void => {
    dirty = true;
    const w = wake;
    wake = null;
    w?.();
  };
  const off = host.onScreenChange(poke);
  const idle = setInterval(poke, IDLE_CHECK_MS);
  const close = (): void => {
    if (!open) return;
    open = false;
    clients.delete(io);
    off();
    clearInterval(idle);
    poke();
  };
  io.on('error', close);
  io.on('close', close);
  io.on('end', () => io.end());
  io.resume(); // minicap ignores what the client sends
  io.write(banner(pid, proj));
  let lastSvg = '';
  let chain: Promise<void> = Promise.resolve();
  const inFlight: Promise<void>[] = [];
  void (async () => {
    while (open) {
      if (!dirty) await new Promise<void>((r) => (wake = r));
      if (!open) break;
      dirty = false;
      const svg = host.svg();
      if (svg === lastSvg) continue;
      lastSvg = svg;
      const jpeg = renderJpeg(svg, proj.virtW, quality);
      const delay = host.frameDelayMs();
      const previous = chain;
      chain = (async () => {
        const [frame] = await Promise.all([jpeg.catch(() => null), previous]);
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        if (!frame || !open || io.destroyed || io.writableLength > MAX_BUFFERED) return;
        const head = Buffer.alloc(4);
        head.writeUInt32LE(frame.length);
        io.write(Buffer.concat([head, frame]));
      })();
      inFlight.push(chain);
      if (inFlight.length >= FRAMES_IN_FLIGHT) await inFlight.shift();
    }
  })();
}
