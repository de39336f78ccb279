import type { ElderBenchHandlers } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { DemonstrationView, RecordedStep, StepView } from '../../../shared/domain/recording.js';
import { Recorder, RecorderStateError } from '../../core/recording/recorder.js';
import type { ObservationSink } from '../../core/recording/recording-ports.js';
import { UnknownAppError } from '../../core/recording/perform-action.js';
import { CaptureTracker } from './capture-tracker.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { recorderDeps } from './recorder-deps.js';
import type { HandSession } from './hand-session.js';
import { startHandSession } from './hand-session.js';
import { toApiError } from '../devices/devices-service.js';
import type { ServiceContext } from '../service-context.js';
import { callContext, requireConfirmation } from '../call-context.js';
import { guardSetup, SetupNotConfirmedError, setupQuestion } from '../devices/setup-guard.js';
import type { RecordingLeases } from './recording-leases.js';
import { holdRecording } from './recording-leases.js';
import { DeviceBusyError } from '../devices/device-lease-service.js';

/** The window's view of a recorded step (stored or just committed): what it shows, nothing of the storage. */
export const stepView = (s: RecordedStep): StepView => ({
  idx: s.idx,
  action: s.action,
  actionPx: s.actionPx,
  screenshotBlob: s.screenshotBlob,
  thumbnailBlob: s.thumbnailBlob,
  foregroundPackage: s.foregroundPackage,
  foregroundActivity: s.foregroundActivity,
  timings: s.timings,
});

/** Active recorders by demonstration id; a demonstration survives only as long as the backend process. */
export class RecordingSessions {
  readonly active = new Map<number, Recorder>();
  private readonly trackers = new Map<number, CaptureTracker>();
  private readonly leases = new Map<number, RecordingLeases>();
  /** Called once a demonstration is finished (a branch then grows its graph); errors are its own to report. */
  afterFinish: ((demonstrationId: number) => Promise<void>) | null = null;
  /** Demonstrations recorded from the phone in hand: what reads the phone's touches. */
  private readonly hands = new Map<number, HandSession>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly hub: DeviceHub,
    private readonly sink: ObservationSink,
  ) {}

  /**
   * Opens a demonstration on a phone. With `fromDevice` the annotator operates the phone itself
   * and each of her gestures becomes a step (read with getevent); otherwise steps come from `act`.
   */
  async start(taskId: string, serial: string, opts: { fromDevice?: boolean; settleMs?: number } = {}): Promise<Recorder> {
    const store = this.ctx.store;
    const task = store().tasks.get(taskId);
    if (!task) throw new ApiError('not_found', `no task with id "${taskId}" in this workspace`);
    // The recorder resets the phone with the task's setup: on a real phone, commands outside the
    // known-safe set need the user's confirmation in the window's own dialog.
    await guardSetup([this.hub.device(serial)], [task], callContext().confirmed).catch((e: unknown) => {
      if (e instanceof SetupNotConfirmedError)
        requireConfirmation(setupQuestion(e, `elderbench record --task ${taskId} --device ${serial} … --allow-setup`));
      throw e;
    });
    const busy = [...this.active.values()].find((r) => r.state === 'recording' && r.deviceInfo.serial === serial);
    if (busy) {
      throw new ApiError('conflict', `${serial} is already recording demonstration ${busy.demonstrationId}; finish or discard it first`);
    }
    const made: { rec?: Recorder } = {};
    const tracker = new CaptureTracker(
      () => made.rec?.demonstrationId ?? 0,
      () => made.rec?.stepCount ?? 0,
      (p) => this.ctx.events.emit('recording', 'onCapture', p),
    );
    let leases: RecordingLeases;
    try {
      leases = holdRecording(this.hub, store, serial, taskId);
    } catch (e) {
      if (e instanceof DeviceBusyError) throw new ApiError('conflict', e.message);
      throw e;
    }
    const deps = tracker.wrap(recorderDeps(store, this.hub.device(serial), this.sink));
    let rec: Recorder;
    try {
      rec = made.rec = await Recorder.start(deps, task).catch(toApiError);
    } catch (e) {
      leases.release();
      throw e;
    }
    const id = rec.demonstrationId;
    leases.attach(id);
    this.leases.set(id, leases);
    if (opts.fromDevice) {
      const { server, serial: onServer } = this.hub.locate(serial);
      try {
        const hand = await startHandSession({
          server,
          serial: onServer,
          device: deps.device,
          recorder: rec,
          track: (call) => tracker.track('step', call),
          onStep: (step) => this.emit(id, stepView(step)),
          log: (m) => this.ctx.log(m),
          ...(opts.settleMs !== undefined ? { settleMs: opts.settleMs } : {}),
        });
        this.hands.set(id, hand);
      } catch (e) {
        await rec.discard();
        this.close(id); // gives its device and demonstration back
        throw new ApiError('unavailable', `cannot record ${serial} by hand: ${(e as Error).message}`);
      }
    }
    this.active.set(id, rec);
    this.trackers.set(id, tracker);
    return rec;
  }

  /** The session reading the phone's touches, when the demonstration is recorded from the phone in hand. */
  hand(id: number): HandSession | undefined {
    return this.hands.get(id);
  }

  /** A recorder call that captures the screen, its progress pushed as recording.onCapture. */
  capture<T>(id: number, kind: 'step' | 'finish', call: (r: Recorder) => Promise<T>): Promise<T> {
    const r = this.recorder(id);
    const tracker = this.trackers.get(id);
    return tracker ? tracker.track(kind, () => call(r)) : call(r);
  }

  /** Resolves once every recorded step of the demonstration has its observation stored (encoded after the step commits). */
  settled(id: number): Promise<void> {
    return this.sink.settled(id);
  }

  /** The recording is over (finished, discarded, or cut off): its device and demonstration are given back. */
  close(id: number): void {
    this.hands.get(id)?.stop();
    this.hands.delete(id);
    this.active.delete(id);
    this.trackers.delete(id);
    this.leases.get(id)?.release();
    this.leases.delete(id);
  }

  recorder(id: number): Recorder {
    const r = this.active.get(id);
    if (!r) {
      const demo = this.ctx.store().demonstrations.get(id);
      if (!demo) throw new ApiError('not_found', `no demonstration ${id}`);
      throw new ApiError('conflict', `demonstration ${id} is ${demo.status} and cannot take more steps`);
    }
    return r;
  }

  view(id: number): DemonstrationView {
    const ws = this.ctx.store();
    const d = ws.demonstrations.get(id);
    if (!d) throw new ApiError('not_found', `no demonstration ${id}`);
    return {
      id: d.id,
      taskId: d.taskId,
      deviceSerial: d.deviceSerial,
      status: d.status,
      note: d.note,
      startedAt: d.startedAt,
      finishedAt: d.finishedAt,
      steps: ws.demonstrations.steps(id).map(stepView),
    };
  }

  /**
   * Pushes what changed: the step just recorded (null when none was added), with the demonstration's
   * status and step count — from the recorder while it records, else from one row and a count.
   */
  emit(id: number, step: StepView | null): void {
    const rec = this.active.get(id);
    const status = rec?.state ?? this.ctx.store().demonstrations.get(id)?.status;
    if (!status) throw new ApiError('not_found', `no demonstration ${id}`);
    const stepCount = rec?.stepCount ?? this.ctx.store().demonstrations.stepCount(id);
    this.ctx.events.emit('recording', 'onStep', { demonstrationId: id, step, status, stepCount });
    this.ctx.events.emit('system', 'onDataChanged', { table: 'demonstrations' });
  }
}

function recorderError(e: unknown): never {
  if (e instanceof RecorderStateError) throw new ApiError('conflict', e.message);
  if (e instanceof UnknownAppError) throw new ApiError('bad_request', e.message);
  return toApiError(e);
}

export function recordingService(ctx: ServiceContext, sessions: RecordingSessions): ElderBenchHandlers['recording'] {
  return {
    start: async ({ taskId, serial, fromDevice }) => {
      const rec = await sessions.start(taskId, serial, { fromDevice: fromDevice ?? false });
      return sessions.view(rec.demonstrationId);
    },
    act: async ({ demonstrationId, action }) => {
      if (sessions.hand(demonstrationId)) {
        throw new ApiError('conflict', `demonstration ${demonstrationId} is recorded from the phone in hand: do the step on the phone`);
      }
      let step: StepView;
      try {
        step = stepView(await sessions.capture(demonstrationId, 'step', (r) => r.act(action)));
      } catch (e) {
        // A recorder cut off by its device is over: its leases go back.
        if (sessions.active.get(demonstrationId)?.state !== 'recording') sessions.close(demonstrationId);
        sessions.emit(demonstrationId, null);
        return recorderError(e);
      }
      sessions.emit(demonstrationId, step);
      return step;
    },
    undo: async ({ demonstrationId }) => {
      await sessions.recorder(demonstrationId).undo().catch(recorderError);
      sessions.emit(demonstrationId, null);
      return sessions.view(demonstrationId);
    },
    finish: async ({ demonstrationId }) => {
      await sessions.hand(demonstrationId)?.finish().catch(recorderError);
      const final = await sessions.capture(demonstrationId, 'finish', (r) => r.finish()).catch(recorderError);
      sessions.close(demonstrationId);
      sessions.emit(demonstrationId, stepView(final));
      await sessions.afterFinish?.(demonstrationId);
      return sessions.view(demonstrationId);
    },
    discard: async ({ demonstrationId }) => {
      await sessions.recorder(demonstrationId).discard();
      sessions.close(demonstrationId);
      sessions.emit(demonstrationId, null);
      return sessions.view(demonstrationId);
    },
    note: ({ demonstrationId, note }) => {
      if (!ctx.store().demonstrations.get(demonstrationId)) throw new ApiError('not_found', `no demonstration ${demonstrationId}`);
      ctx.store().demonstrations.setNote(demonstrationId, note);
      return null;
    },
    get: ({ demonstrationId }) => sessions.view(demonstrationId),
    listForTask: ({ taskId }) =>
      ctx
        .store()
        .demonstrations.listForTask(taskId)
        .map((d) => ({
          id: d.id,
          taskId: d.taskId,
          deviceSerial: d.deviceSerial,
          status: d.status,
          startedAt: d.startedAt,
          stepCount: ctx.store().demonstrations.stepCount(d.id),
        })),
  };
}
