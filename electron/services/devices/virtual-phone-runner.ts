import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PACKAGE_ROOT } from '../version.js';
import type { VirtualPhoneState } from '../../../shared/domain/device.js';

/** The `elderbench` command this backend runs from. */
// From the package root, not this file: in the built backend this code lives in dist/backend/, in dev in electron/services/devices/.
const CLI = join(PACKAGE_ROOT, 'bin', 'elderbench.js');
const READY_TIMEOUT_MS = 60_000;

interface Running {
  child: ChildProcess;
  address: string;
  serials: string[];
  locale: 'en' | 'zh';
}

/**
 * The built-in virtual phone, started from the window (Devices → Start): `elderbench phone` in a
 * process of its own — as a real phone is a device of its own, so drawing its screen never holds up
 * the backend — on a free port, watched by the device hub until it is stopped. It ends with the
 * backend (its stdin is the backend's pipe).
 */
export class VirtualPhoneRunner {
  private running: Running | null = null;
  private starting: Promise<VirtualPhoneState> | null = null;

  constructor(
    private readonly attach: (address: string) => void,
    private readonly detach: (address: string) => void,
  ) {}

  state(): VirtualPhoneState {
    const r = this.running;
    return r
      ? { running: true, server: r.address, serials: r.serials, locale: r.locale }
      : { running: false, server: null, serials: [], locale: null };
  }

  start(opts: { count: number; locale: 'en' | 'zh' }): Promise<VirtualPhoneState> {
    if (this.running) return Promise.resolve(this.state());
    this.starting ??= this.spawn(opts).finally(() => (this.starting = null));
    return this.starting;
  }

  private async spawn(opts: { count: number; locale: 'en' | 'zh' }): Promise<VirtualPhoneState> {
    const child = spawn(process.execPath, [CLI, '--json', 'phone', '--port', '0', '--count', String(opts.count), '--locale', opts.locale], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ELDERBENCH_EXIT_ON_STDIN_END: '1' },
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    const ready = await new Promise<{ port: number; host: string; serials: string[] }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the virtual phone did not start within ${READY_TIMEOUT_MS / 1000} s`)),
        READY_TIMEOUT_MS,
      );
      child.once('error', (e) => (clearTimeout(timer), reject(e)));
      child.once(
        'exit',
        (code) => (clearTimeout(timer), reject(new Error(`the virtual phone exited (${code}): ${stderr.trim() || 'no message'}`))),
      );
      createInterface({ input: child.stdout! }).on('line', (line) => {
        try {
          const msg = JSON.parse(line) as { event?: string; port: number; host: string; serials: string[] };
          if (msg.event === 'ready') {
            clearTimeout(timer);
            resolve(msg);
          }
        } catch {
          // not the ready line
        }
      });
    }).catch((e: unknown) => {
      child.kill('SIGTERM');
      throw e;
    });
    const address = `${ready.host}:${ready.port}`;
    this.running = { child, address, serials: ready.serials, locale: opts.locale };
    child.once('exit', () => {
      if (this.running?.child !== child) return;
      this.running = null;
      this.detach(address);
    });
    this.attach(address);
    return this.state();
  }

  async stop(): Promise<VirtualPhoneState> {
    const r = this.running;
    if (!r) return this.state();
    this.running = null;
    this.detach(r.address);
    await new Promise<void>((resolve) => {
      if (r.child.exitCode !== null) return resolve();
      r.child.once('exit', () => resolve());
      r.child.stdin?.end();
      r.child.kill('SIGTERM');
    });
    return this.state();
  }

  /** The backend is closing: the phone goes with it. */
  close(): void {
    this.running?.child.stdin?.end();
    this.running?.child.kill('SIGTERM');
    this.running = null;
  }
}
