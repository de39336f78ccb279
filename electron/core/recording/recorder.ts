import type { Action } from '../../../shared/domain/action.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { DeviceInfo, DevicePort } from '../device/device-port.js';
import { DeviceError } from '../device/device-port.js';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import type { TargetElement } from '../../../shared/domain/ui-tree.js';
import { nodeAt, targetOf } from '../../../shared/domain/ui-tree.js';
import type { PixelAction } from '../../../shared/domain/action-px.js';
import type { DemonstrationStatus, RecordedStep } from '../../../shared/domain/recording.js';
import type { Observation } from './capture.js';
import { captureObservation } from './capture.js';
import { performAction, toPixelAction } from './perform-action.js';
import type { ObservationSink, RecordingStore } from './recording-ports.js';

export interface RecorderDeps {
  device: DevicePort;
  store: RecordingStore;
  sink: ObservationSink;
  /** Maps an app name (LaunchApp) to a package; null when unknown. */
  resolvePackage: (app: string) => string | null;
  sleep: (ms: number) => Promise<void>;
}

export class RecorderStateError extends Error {
  override readonly name = 'RecorderStateError';
}

/**
 * A step's capture failed — a screen that never became idle, or a phone that dropped off for
 * longer than the retries wait. The capture comes before the action, so nothing was sent to the
 * phone: the demonstration stays open and the same step can be tried again. (A failure while the
 * action itself runs leaves its effect unknown and interrupts the demonstration.)
 */
export class StepNotTakenError extends DeviceError {}

/**
 * Records one demonstration: for every action, capture O_t and V_t → perform A_t on the
 * device → commit the step with O_t and V_t as captured (its own transaction), strictly in
 * that order, one action at a time; the sink encodes the observations afterwards. If the
 * device goes away, what was committed stays and the demonstration is marked interrupted.
 */
export class Recorder {
  private status: DemonstrationStatus = 'recording';
  private nextIdx = 0;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly deps: RecorderDeps,
    readonly task: Task,
    readonly demonstrationId: number,
    readonly deviceInfo: DeviceInfo,
  ) {}

  /** Resets the device with the task's setup commands, then opens the demonstration. */
  static async start(deps: RecorderDeps, task: Task): Promise<Recorder> {
    const info = await deps.device.info([task.package]);
    for (const cmd of task.setup) await deps.device.shell(cmd);
    const id = deps.store.createDemonstration(task.id, deps.device.serial, info);
    return new Recorder(deps, task, id, info);
  }

  get state(): DemonstrationStatus {
    return this.status;
  }

  get stepCount(): number {
    return this.nextIdx;
  }

  /** Serialises calls: a double click in the UI must not interleave two steps. */
  private exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f, f);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private assertRecording(): void {
    if (this.status !== 'recording') {
      throw new RecorderStateError(`demonstration ${this.demonstrationId} is ${this.status}; start a new one`);
    }
  }

  private interruptOn<T>(f: () => Promise<T>): Promise<T> {
    return f().catch((e: unknown) => {
      if (e instanceof DeviceError && !(e instanceof StepNotTakenError) && (e.kind === 'disconnected' || e.kind === 'timeout')) {
        this.status = 'interrupted';
        this.deps.store.setStatus(this.demonstrationId, 'interrupted');
      }
      throw e;
    });
  }

  /**
   * Records one step: the observation before the action, then the action itself, then the step
   * committed with the observation as the phone gave it. Encoding it for storage happens after
   * (the sink), so the next input waits only for the capture, the action and one small commit.
   */
  act(action: Action): Promise<RecordedStep> {
    return this.exclusive(() =>
      this.interruptOn(async () => {
        this.assertRecording();
        if (action.type === 'Finish') throw new RecorderStateError('use finish() to end a demonstration');
        const t0 = performance.now();
        const obs = await this.capture();
        const screen = this.deviceInfo.screen;
        const px = toPixelAction(action, screen, this.deps.resolvePackage);
        const target = this.targetFor(obs.xml, px);
        const t1 = performance.now();
        await performAction(this.deps.device, action, px, this.deps.sleep);
        const t2 = performance.now();
        const step = this.pendingStep(obs, action, { ...px, ...(target ? { target } : {}), screen });
        step.timings = { ...obs.timings, perform_ms: t2 - t1, step_ms: t2 - t0 };
        this.deps.store.addStep(step, obs);
        // The commit's own time is shown to the window, not stored in the row it was measured writing.
        step.timings = { ...step.timings, store_ms: performance.now() - t2 };
        this.nextIdx++;
        this.deps.sink.schedule();
        return step;
      }),
    );
  }

  /**
   * Commits a step for an action the person already did on the phone itself (recording from the
   * phone in hand), with the observation from before it: the settled screen after the previous one.
   * Nothing is sent to the device.
   */
  observed(action: Action, obs: Observation): Promise<RecordedStep> {
    return this.exclusive(() =>
      this.interruptOn(async () => {
        this.assertRecording();
        const screen = this.deviceInfo.screen;
        const px = toPixelAction(action, screen, this.deps.resolvePackage);
        const target = this.targetFor(obs.xml, px);
        const step = this.pendingStep(obs, action, { ...px, ...(target ? { target } : {}), screen });
        this.deps.store.addStep(step, obs);
        this.nextIdx++;
        this.deps.sink.schedule();
        return step;
      }),
    );
  }

  /**
   * Records the final observation as the DONE state (a step without an action) and closes the
   * demonstration once every step's screenshot is stored: a finished demonstration is complete.
   */
  finish(): Promise<RecordedStep> {
    return this.exclusive(() =>
      this.interruptOn(async () => {
        this.assertRecording();
        const obs = await this.capture();
        const step = this.pendingStep(obs, null, null);
        this.deps.store.addStep(step, obs);
        this.nextIdx++;
        this.deps.sink.schedule();
        await this.deps.sink.settled(this.demonstrationId);
        this.deps.store.setStatus(this.demonstrationId, 'finished');
        this.status = 'finished';
        return step;
      }),
    );
  }

  private async capture(): Promise<Observation> {
    try {
      return await captureObservation(this.deps.device);
    } catch (e) {
      if (e instanceof DeviceError && (e.kind === 'timeout' || e.kind === 'disconnected')) {
        throw new StepNotTakenError(
          `${e.message}; nothing was sent to the phone and the demonstration stays open: try the step again${e.kind === 'disconnected' ? ' once the phone is back' : ''}`,
          e.serial,
          e.kind,
        );
      }
      throw e;
    }
  }

  /** The step as committed: its blobs are null until the sink has encoded the observation. */
  private pendingStep(obs: Observation, action: Action | null, actionPx: RecordedStep['actionPx']): RecordedStep {
    return {
      demonstrationId: this.demonstrationId,
      idx: this.nextIdx,
      screenshotBlob: null,
      thumbnailBlob: null,
      xmlBlob: null,
      foregroundPackage: obs.foreground?.package ?? null,
      foregroundActivity: obs.foreground?.activity ?? null,
      action,
      actionPx,
      timings: obs.timings,
    };
  }

  /**
   * Removes the last recorded step. The phone keeps whatever that action did, so the
   * annotator brings it back (e.g. with Back) before acting again.
   */
  undo(): Promise<boolean> {
    return this.exclusive(async () => {
      this.assertRecording();
      if (this.nextIdx === 0) return false;
      const removed = this.deps.store.removeStep(this.demonstrationId, this.nextIdx - 1);
      if (removed) this.nextIdx--;
      return removed;
    });
  }

  /**
   * Marks the demonstration discarded once the screenshots of its steps are stored, as finishing does: a command that
   * discards a recording and ends (`graph accept-routes` refusing a route its checks fail) closed the workspace while they
   * were still being stored, and said so in an error. Where they cannot be stored now, they wait in the workspace for
   * the next process, as after a crash.
   */
  discard(): Promise<void> {
    return this.exclusive(async () => {
      if (this.status === 'discarded') return;
      this.deps.store.setStatus(this.demonstrationId, 'discarded');
      this.status = 'discarded';
      await this.deps.sink.settled(this.demonstrationId).catch(() => undefined);
    });
  }

  note(text: string): void {
    this.deps.store.setNote(this.demonstrationId, text);
  }

  private targetFor(xml: string, px: PixelAction): TargetElement | null {
    if (px.type !== 'Tap' && px.type !== 'LongPress' && px.type !== 'DoubleTap') return null;
    let ui: UiHierarchy;
    try {
      ui = parseUiXml(xml);
    } catch {
      return null; // The XML is stored as-is; a bad dump only costs the target annotation.
    }
    const node = nodeAt(ui, px.at.x, px.at.y);
    return node ? targetOf(node) : null;
  }
}
