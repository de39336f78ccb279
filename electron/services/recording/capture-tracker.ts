import type { CaptureProgress } from '../../../shared/domain/recording.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { RecorderDeps } from '../../core/recording/recorder.js';

type Part = keyof CaptureProgress['parts'];

const OBSERVE: Record<string, Part> = { screenshot: 'screenshot', uiDump: 'hierarchy', foreground: 'foreground' };
const INPUT = new Set(['tap', 'longPress', 'swipe', 'type', 'key', 'launch']);

interface Ticket {
  kind: CaptureProgress['kind'];
  progress: CaptureProgress | null;
  startedAt: number;
}

/**
 * Follows one recorder's steps through its ports and reports each as it happens:
 * the observation's parts arriving (screenshot, UI dump, foreground app), the action on
 * the device, then saving (the step's commit; for the final screen, waiting for every step's
 * encoding). The recorder runs its calls one at a time in call order, so
 * calls are tickets in a queue: the head ticket is the step the device is working on.
 */
let captures = 0;

export class CaptureTracker {
  private readonly queue: Ticket[] = [];

  constructor(
    private readonly demonstrationId: () => number,
    private readonly stepIdx: () => number,
    private readonly emit: (p: CaptureProgress) => void,
  ) {}

  /** The recorder's ports, observed. */
  wrap(deps: RecorderDeps): RecorderDeps {
    const device = deps.device;
    const observed = new Proxy(device, {
      get: (target, prop) => {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        const part = OBSERVE[prop];
        if (part) {
          return (...args: unknown[]) => {
            this.begin();
            const p = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            return p.then((v) => (this.arrived(part), v));
          };
        }
        if (INPUT.has(prop)) {
          return (...args: unknown[]) => {
            this.phase('acting');
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    }) as DevicePort;
    const { sink, store } = deps;
    return {
      ...deps,
      device: observed,
      store: { ...store, addStep: (step, raw) => (this.phase('saving'), store.addStep(step, raw)) },
      sink: { schedule: () => sink.schedule(), settled: (id) => (this.phase('saving'), sink.settled(id)) },
    };
  }

  /** Runs one recorder call (a step or the final observation) as a ticket, reporting how it ended. */
  async track<T>(kind: CaptureProgress['kind'], call: () => Promise<T>): Promise<T> {
    const ticket: Ticket = { kind, progress: null, startedAt: 0 };
    this.queue.push(ticket);
    try {
      const v = await call();
      this.end(ticket, 'done');
      return v;
    } catch (e) {
      this.end(ticket, 'failed');
      throw e;
    }
  }

  private head(): Ticket | undefined {
    return this.queue[0];
  }

  private begin(): void {
    const t = this.head();
    if (!t || t.progress) return;
    t.startedAt = performance.now();
    t.progress = {
      demonstrationId: this.demonstrationId(),
      captureId: ++captures,
      stepIdx: this.stepIdx(),
      kind: t.kind,
      phase: 'capturing',
      parts: { screenshot: false, hierarchy: false, foreground: false },
      elapsedMs: 0,
    };
    this.send(t);
  }

  private arrived(part: Part): void {
    const t = this.head();
    if (!t?.progress) return;
    t.progress = { ...t.progress, parts: { ...t.progress.parts, [part]: true } };
    this.send(t);
  }

  private phase(phase: CaptureProgress['phase']): void {
    const t = this.head();
    if (!t?.progress || t.progress.phase === phase) return;
    t.progress = { ...t.progress, phase };
    this.send(t);
  }

  private end(ticket: Ticket, phase: 'done' | 'failed'): void {
    const i = this.queue.indexOf(ticket);
    if (i >= 0) this.queue.splice(i, 1);
    // A call refused before it touched the device (e.g. after Finish) never showed progress.
    if (!ticket.progress) return;
    ticket.progress = { ...ticket.progress, phase };
    this.send(ticket);
  }

  private send(t: Ticket): void {
    this.emit({ ...t.progress!, elapsedMs: Math.round(performance.now() - t.startedAt) });
  }
}
