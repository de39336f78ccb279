import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { validTask } from '../../../test/support/fixtures.js';
import type { DeviceInfo, DevicePort } from '../device/device-port.js';
import { DeviceError } from '../device/device-port.js';
import { Recorder, RecorderStateError, StepNotTakenError } from './recorder.js';
import type { RecordedStep } from '../../../shared/domain/recording.js';
import type { RawObservation, RecordingStore } from './recording-ports.js';

const XML =
  '<?xml version="1.0"?><hierarchy rotation="0"><node index="0" text="" class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">' +
  '<node index="0" text="Display" resource-id="com.android.settings:id/title" class="android.widget.TextView" clickable="true" bounds="[0,400][1080,560]"/>' +
  '</node></hierarchy>';

function fakeDevice(
  log: string[],
  opts: { failOn?: string; failedDumps?: { count: number; kind: 'timeout' | 'disconnected' } } = {},
): DevicePort {
  let failing = opts.failedDumps?.count ?? 0;
  const info: DeviceInfo = {
    serial: 'vphone-1',
    model: 'VPhone',
    release: '14',
    sdk: 34,
    screen: { width: 1080, height: 2400 },
    density: 420,
    packageVersions: {},
    emulator: true,
  };
  const act = (what: string) => async (): Promise<void> => {
    if (opts.failOn === what) throw new DeviceError('device vphone-1 not found', 'vphone-1', 'disconnected');
    log.push(what);
  };
  return {
    serial: 'vphone-1',
    info: async () => info,
    screenshot: async () => (log.push('screenshot'), new Uint8Array([1, 2, 3])),
    uiDump: async () => {
      if (failing > 0) {
        failing--;
        throw new DeviceError('vphone-1: the dump failed', 'vphone-1', opts.failedDumps!.kind);
      }
      log.push('dump');
      return XML;
    },
    foreground: async () => ({ package: 'com.android.settings', activity: 'com.android.settings.Settings' }),
    tap: async (p) => act(`tap ${p.x},${p.y}`)(),
    longPress: act('longpress'),
    swipe: act('swipe'),
    type: async (t) => act(`type ${t}`)(),
    key: async (k) => act(`key ${k}`)(),
    launch: async (p) => act(`launch ${p}`)(),
    shell: async (c) => (log.push(`shell ${c}`), ''),
  };
}

function memoryStore(log: string[]): RecordingStore & { steps: RecordedStep[]; status: string } {
  const s = {
    steps: [] as RecordedStep[],
    status: 'recording',
    createDemonstration: () => 7,
    addStep: (st: RecordedStep, raw: RawObservation) => {
      log.push(`commit ${st.idx} (${raw.screenshot.length} bytes raw)`);
      s.steps.push(st);
    },
    removeStep: (_d: number, idx: number) => {
      const before = s.steps.length;
      s.steps = s.steps.filter((x) => x.idx !== idx);
      return s.steps.length < before;
    },
    setStatus: (_d: number, st: string) => {
      s.status = st;
    },
    setNote: () => undefined,
  };
  return s;
}

const sink = (log: string[]) => ({
  schedule: () => void log.push('schedule'),
  settled: async () => void log.push('settled'),
});

async function start(log: string[], opts: { failOn?: string; failedDumps?: { count: number; kind: 'timeout' | 'disconnected' } } = {}) {
  const store = memoryStore(log);
  const task = TaskSchema.parse(validTask({ setup: ['settings put system font_scale 1.0'] }));
  const rec = await Recorder.start(
    { device: fakeDevice(log, opts), store, sink: sink(log), resolvePackage: () => null, sleep: async () => undefined },
    task,
  );
  return { rec, store };
}

describe('Recorder', () => {
  it('runs the setup, then per step: capture → perform → commit with the raw capture → encode later', async () => {
    const log: string[] = [];
    const { rec, store } = await start(log);
    const step = await rec.act({ type: 'Tap', at: { x: 500, y: 200 } });
    expect(step).toEqual(store.steps[0]);
    expect(log[0]).toBe('shell settings put system font_scale 1.0');
    const order = log.slice(1).filter((l) => l !== 'screenshot' && l !== 'dump');
    expect(order).toEqual(['tap 540,480', 'commit 0 (3 bytes raw)', 'schedule']);
    expect(step.screenshotBlob).toBeNull(); // the sink fills the blobs in after the step
    expect(store.steps[0]?.actionPx).toMatchObject({
      type: 'Tap',
      at: { x: 540, y: 480 },
      target: { text: 'Display', resourceId: 'com.android.settings:id/title' },
    });
  });

  it('records the final observation as a DONE step with no action', async () => {
    const log: string[] = [];
    const { rec, store } = await start(log);
    await rec.act({ type: 'Back' });
    await rec.finish();
    expect(store.steps.map((s) => s.action)).toEqual([{ type: 'Back' }, null]);
    // Finished only once every observation is stored: the sink is waited for before the status changes.
    expect(log.slice(-2)).toEqual(['schedule', 'settled']);
    expect(store.status).toBe('finished');
    await expect(rec.act({ type: 'Back' })).rejects.toThrow(RecorderStateError);
  });

  it('discards once the screenshots of its steps are stored (a command that ends right after closes the workspace)', async () => {
    const log: string[] = [];
    const { rec, store } = await start(log);
    await rec.act({ type: 'Back' });
    await rec.discard();
    expect(store.status).toBe('discarded');
    expect(log.at(-1)).toBe('settled');
  });

  it('undo removes the last step and the next step reuses its index', async () => {
    const log: string[] = [];
    const { rec, store } = await start(log);
    await rec.act({ type: 'Back' });
    await rec.act({ type: 'Home' });
    expect(await rec.undo()).toBe(true);
    await rec.act({ type: 'Enter' });
    expect(store.steps.map((s) => [s.idx, s.action?.type])).toEqual([
      [0, 'Back'],
      [1, 'Enter'],
    ]);
  });

  it('serialises concurrent actions in call order', async () => {
    const log: string[] = [];
    const { rec, store } = await start(log);
    const actions: Action[] = [{ type: 'Back' }, { type: 'Home' }, { type: 'Enter' }];
    await Promise.all(actions.map((a) => rec.act(a)));
    expect(store.steps.map((s) => s.action?.type)).toEqual(['Back', 'Home', 'Enter']);
  });

  it('keeps committed steps and marks the demonstration interrupted when the device disappears', async () => {
    const log: string[] = [];
    const { rec, store } = await start(log, { failOn: 'key Home' });
    await rec.act({ type: 'Back' });
    await expect(rec.act({ type: 'Home' })).rejects.toThrow(DeviceError);
    expect(store.steps).toHaveLength(1);
    expect(store.status).toBe('interrupted');
    expect(rec.state).toBe('interrupted');
  });

  it.each(['timeout', 'disconnected'] as const)(
    'a capture that failed (%s) sends nothing and leaves the demonstration open for the same step again',
    async (kind) => {
      const log: string[] = [];
      const { rec, store } = await start(log, { failedDumps: { count: 1, kind } });
      const err = await rec.act({ type: 'Home' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StepNotTakenError);
      expect((err as StepNotTakenError).kind).toBe(kind);
      expect(String(err)).toMatch(/nothing was sent to the phone.*try the step again/);
      expect(log).not.toContain('key Home');
      expect([store.status, rec.state, store.steps.length]).toEqual(['recording', 'recording', 0]);
      await rec.act({ type: 'Home' });
      expect(log.filter((l) => l === 'key Home')).toHaveLength(1);
      expect(store.steps.map((st) => st.idx)).toEqual([0]);
    },
  );
});
