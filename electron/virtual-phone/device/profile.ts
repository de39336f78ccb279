import type { CommandContext, CommandFn } from '../shell/interpreter.js';
import { sleepFor } from '../shell/coreutils.js';
import { hashString, mulberry32 } from './random.js';

/**
 * How long the phone takes and how it fails. `instant` is the default: every command answers
 * at once, which keeps tests fast. `real` is a mid-range phone as labs see it, so the app's
 * retries, progress and device pool are exercised by the same tests that use the phone.
 * Every draw comes from a PRNG seeded by (seed, serial): the same command sequence gets the
 * same delays and the same failures.
 */
export interface TimingProfile {
  name: 'instant' | 'real';
  /** `screencap`: uniform in [min, max] ms. */
  screencapMs: [number, number];
  /** `uiautomator dump`: uniform in [min, max] ms, success or not. */
  dumpMs: [number, number];
  /** Chance that a dump taken while the screen animates fails with "could not get idle state". */
  idleFailRate: number;
  /** How long after an input event the screen counts as animating. */
  animationMs: number;
  /** `input` (process start-up + injection), before a gesture's own duration. */
  inputMs: [number, number];
  /** `monkey -p` / `am start`: an app launch. */
  launchMs: [number, number];
  /** `content`, `pm`: a Java tool started with app_process, then a provider or package-manager call. */
  providerMs: [number, number];
  /** `settings`, `dumpsys`, `cmd`: a binder call to a running system service. */
  serviceMs: [number, number];
  /** A screen stream (minicap): the phone's own time to grab and JPEG-encode one frame. */
  streamFrameMs: [number, number];
  /** Transport drops: the phone vanishes for `downMs` at random moments, on average every `meanIntervalMs`. */
  drops: { meanIntervalMs: number; downMs: [number, number] } | null;
}

export const INSTANT_PROFILE: TimingProfile = {
  name: 'instant',
  screencapMs: [0, 0],
  dumpMs: [0, 0],
  idleFailRate: 0,
  animationMs: 0,
  inputMs: [0, 0],
  launchMs: [0, 0],
  providerMs: [0, 0],
  serviceMs: [0, 0],
  streamFrameMs: [0, 0],
  drops: null,
};

export const REAL_PROFILE: TimingProfile = {
  name: 'real',
  screencapMs: [700, 1500],
  dumpMs: [1000, 2000],
  idleFailRate: 0.1,
  animationMs: 1500,
  inputMs: [150, 400],
  launchMs: [400, 1200],
  providerMs: [150, 350],
  serviceMs: [40, 120],
  // minicap's own figures: 30-40 fps on a 1080p phone of its day, i.e. 25-35 ms per frame.
  streamFrameMs: [25, 35],
  drops: { meanIntervalMs: 120_000, downMs: [1000, 3000] },
};

export type ProfileOption = 'instant' | 'real' | (Partial<TimingProfile> & { name: 'instant' | 'real' });

export function resolveProfile(p: ProfileOption | undefined): TimingProfile {
  if (p === undefined || p === 'instant') return INSTANT_PROFILE;
  if (p === 'real') return REAL_PROFILE;
  return { ...(p.name === 'real' ? REAL_PROFILE : INSTANT_PROFILE), ...p };
}

export const IDLE_STATE_ERROR = 'ERROR: could not get idle state.\n';

/** What the profile did to a phone so far: tests and benches check the failure paths really ran. */
export interface TimingStats {
  /** Input-like commands carried out (each exactly once per request). */
  inputs: number;
  /** Dumps that gave up with "could not get idle state". */
  idleFailures: number;
  /** Transport drops. */
  drops: number;
}

/** Inputs kept for tests (`input …`, `am …`, `monkey …` as received); the oldest go first. */
const INPUT_LOG_MAX = 5000;

/** One phone's timing: its own seeded stream of delays and failures, and what is in flight. */
export class PhoneTiming {
  readonly stats: TimingStats = { inputs: 0, idleFailures: 0, drops: 0 };
  readonly inputLog: string[] = [];
  private readonly rand: () => number;
  private lastInputAt = -Infinity;
  private inputsInFlight = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    readonly profile: TimingProfile,
    seed: number,
    serial: string,
  ) {
    this.rand = mulberry32((seed ^ hashString(`${serial}/timing`)) >>> 0);
  }

  draw([min, max]: [number, number]): number {
    return max <= min ? min : min + this.rand() * (max - min);
  }

  chance(p: number): boolean {
    return p > 0 && this.rand() < p;
  }

  get animating(): boolean {
    return performance.now() - this.lastInputAt < this.profile.animationMs;
  }

  /** Resolves when no input command is running (a drop waits for it, see `withInputLatency`). */
  whenNoInput(): Promise<void> {
    if (this.inputsInFlight === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  /**
   * Wraps an input-like command: the latency comes first (a connection cut during it means the
   * event was never injected), then the command, then a gesture's own duration.
   */
  withInputLatency(
    name: string,
    fn: CommandFn,
    range: (p: TimingProfile, ctx: CommandContext) => [number, number] | null,
    gestureMs: (ctx: CommandContext) => number = () => 0,
  ): CommandFn {
    return async (ctx) => {
      const r = range(this.profile, ctx);
      if (!r) return fn(ctx);
      this.inputsInFlight++;
      try {
        if (this.profile.name !== 'instant') await sleepFor(this.draw(r) + gestureMs(ctx), ctx.signal);
        if (ctx.signal.aborted) return 130;
        this.stats.inputs++;
        this.inputLog.push([name, ...ctx.args].join(' '));
        if (this.inputLog.length > INPUT_LOG_MAX) this.inputLog.splice(0, this.inputLog.length - INPUT_LOG_MAX);
        const status = await fn(ctx);
        this.lastInputAt = performance.now();
        return status;
      } finally {
        if (--this.inputsInFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
      }
    };
  }

  /** Wraps a capture command with its delay. */
  withDelay(fn: CommandFn, range: (p: TimingProfile) => [number, number]): CommandFn {
    if (this.profile.name === 'instant') return fn;
    return async (ctx) => {
      await sleepFor(this.draw(range(this.profile)), ctx.signal);
      if (ctx.signal.aborted) return 130;
      return fn(ctx);
    };
  }

  /** `uiautomator`: slow, and while the screen animates it sometimes gives up without writing the file (exit 0, as on a device). */
  withDumpBehaviour(fn: CommandFn): CommandFn {
    if (this.profile.name === 'instant') return fn;
    return async (ctx) => {
      if (ctx.args[0] !== 'dump') return fn(ctx);
      const busy = this.animating;
      const fails = busy && this.chance(this.profile.idleFailRate);
      await sleepFor(this.draw(this.profile.dumpMs), ctx.signal);
      if (ctx.signal.aborted) return 130;
      if (fails) {
        this.stats.idleFailures++;
        ctx.err(IDLE_STATE_ERROR);
        return 0;
      }
      return fn(ctx);
    };
  }
}

/** The gesture time `input swipe x1 y1 x2 y2 [ms]` blocks for on a device (default 300 ms). */
export function swipeDurationMs(ctx: CommandContext): number {
  const i = ctx.args.findIndex((a) => a === 'swipe' || a === 'draganddrop');
  if (i < 0) return 0;
  const ms = Number(ctx.args[i + 5] ?? (ctx.args[i] === 'swipe' ? 300 : 1000));
  return Number.isFinite(ms) ? Math.max(0, Math.min(ms, 10_000)) : 300;
}

/**
 * Transport drops: at random moments (exponential gaps, seeded) the phone disappears for a
 * while and comes back. A drop waits for a running input command to finish, so an input is
 * never half-delivered; captures and other reads in flight are cut, as a USB or Wi-Fi drop cuts them.
 */
export class DropSchedule {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly rand: () => number;

  constructor(
    private readonly timing: PhoneTiming,
    seed: number,
    serial: string,
    private readonly setPlugged: (plugged: boolean) => void,
  ) {
    this.rand = mulberry32((seed ^ hashString(`${serial}/drops`)) >>> 0);
  }

  start(): void {
    const drops = this.timing.profile.drops;
    if (!drops || this.stopped) return;
    const gap = -Math.log(1 - this.rand()) * drops.meanIntervalMs;
    this.arm(gap, async () => {
      await this.timing.whenNoInput();
      if (this.stopped) return;
      this.timing.stats.drops++;
      this.setPlugged(false);
      const [min, max] = drops.downMs;
      this.arm(min + this.rand() * (max - min), () => {
        this.setPlugged(true);
        this.start();
      });
    });
  }

  private arm(ms: number, f: () => void | Promise<void>): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void f(), ms);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
