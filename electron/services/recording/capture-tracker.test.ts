import { describe, expect, it } from 'vitest';
import type { CaptureProgress } from '../../../shared/domain/recording.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { RecorderDeps } from '../../core/recording/recorder.js';
import { CaptureTracker } from './capture-tracker.js';

/** A device whose screenshot and UI dump resolve only when the test says so, like a slow real phone. */
function slowDevice() {
  const pending: Record<string, () => void> = {};
  const wait = <T>(name: string, v: T) => new Promise<T>((r) => (pending[name] = () => r(v)));
  const taps: unknown[] = [];
  const device = {
    serial: 's1',
    screenshot: () => wait('screenshot', new Uint8Array([1])),
    uiDump: () => wait('uiDump', '<hierarchy/>'),
    foreground: async () => ({ package: 'p', activity: 'a' }),
    tap: async (p: unknown) => void taps.push(p),
    shell: async () => '',
  } as unknown as DevicePort;
  return { device, release: (name: string) => pending[name]!(), taps };
}

const deps = (device: DevicePort): RecorderDeps => ({
  device,
  store: { addStep: () => undefined } as unknown as RecorderDeps['store'],
  sink: { schedule: () => undefined, settled: async () => undefined },
  resolvePackage: () => null,
  sleep: async () => undefined,
});

/** What a recorder's act() does with its ports: observe (concurrently), perform, commit. */
async function fakeStep(d: RecorderDeps): Promise<void> {
  const [shot, xml] = await Promise.all([d.device.screenshot(), d.device.uiDump(), d.device.foreground()]);
  await d.device.tap({ x: 1, y: 2 });
  d.store.addStep({} as Parameters<RecorderDeps['store']['addStep']>[0], { screenshot: shot, xml });
  d.sink.schedule();
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(check()).toBe(true);
};

describe('CaptureTracker', () => {
  it('reports each part of a slow observation as it arrives, then acting, saving and done', async () => {
    const events: CaptureProgress[] = [];
    let idx = 3;
    const tracker = new CaptureTracker(
      () => 7,
      () => idx,
      (p) => events.push(p),
    );
    const phone = slowDevice();
    const d = tracker.wrap(deps(phone.device));
    const step = tracker.track('step', () => fakeStep(d).then(() => void idx++));

    await until(() => events.some((e) => e.parts.foreground));
    expect(events[0]).toMatchObject({
      demonstrationId: 7,
      stepIdx: 3,
      kind: 'step',
      phase: 'capturing',
      parts: { screenshot: false, hierarchy: false },
    });
    phone.release('uiDump');
    await until(() => events.some((e) => e.parts.hierarchy));
    expect(events.at(-1)!.parts).toEqual({ screenshot: false, hierarchy: true, foreground: true });
    phone.release('screenshot');
    await step;

    expect(events.map((e) => e.phase)).toEqual(['capturing', 'capturing', 'capturing', 'capturing', 'acting', 'saving', 'done']);
    expect(events.at(-1)).toMatchObject({ stepIdx: 3, parts: { screenshot: true, hierarchy: true, foreground: true } });
    expect(new Set(events.map((e) => e.captureId)).size).toBe(1);
    expect(phone.taps).toEqual([{ x: 1, y: 2 }]);
    expect(events.every((e, i) => i === 0 || e.elapsedMs >= events[i - 1]!.elapsedMs)).toBe(true);
  });

  it('reports a failed capture as failed, and stays silent for a call refused before it touched the device', async () => {
    const events: CaptureProgress[] = [];
    const tracker = new CaptureTracker(
      () => 1,
      () => 0,
      (p) => events.push(p),
    );
    const failing = {
      ...deps({
        serial: 'x',
        screenshot: async () => {
          throw new Error('device gone');
        },
        uiDump: async () => '',
        foreground: async () => null,
      } as unknown as DevicePort),
    };
    const d = tracker.wrap(failing);
    await expect(tracker.track('finish', () => fakeStep(d))).rejects.toThrow('device gone');
    expect(events.at(0)).toMatchObject({ kind: 'finish', phase: 'capturing' });
    expect(events.at(-1)!.phase).toBe('failed');

    events.length = 0;
    await expect(
      tracker.track('step', async () => {
        throw new Error('demonstration is finished');
      }),
    ).rejects.toThrow();
    expect(events).toEqual([]);
  });

  it('attributes queued calls to the step the device is working on, in call order', async () => {
    const events: CaptureProgress[] = [];
    let idx = 0;
    const tracker = new CaptureTracker(
      () => 1,
      () => idx,
      (p) => events.push(p),
    );
    const phone = slowDevice();
    const d = tracker.wrap(deps(phone.device));
    // The recorder serialises its calls; so does this queue.
    let chain: Promise<unknown> = Promise.resolve();
    const serial = (f: () => Promise<void>) => (chain = chain.then(f));
    const first = tracker.track('step', () => serial(() => fakeStep(d).then(() => void idx++)));
    const second = tracker.track('finish', () =>
      serial(async () => {
        await Promise.all([d.device.screenshot(), d.device.uiDump()]);
        idx++;
      }),
    );
    await until(() => events.length > 0);
    phone.release('uiDump');
    phone.release('screenshot');
    await first;
    await until(() => events.some((e) => e.kind === 'finish'));
    phone.release('uiDump');
    phone.release('screenshot');
    await second;
    const ends = events.filter((e) => e.phase === 'done');
    expect(ends.map((e) => [e.kind, e.stepIdx])).toEqual([
      ['step', 0],
      ['finish', 1],
    ]);
    expect(ends[1]!.captureId).toBeGreaterThan(ends[0]!.captureId);
  });

  it('passes other device calls straight through', async () => {
    const tracker = new CaptureTracker(
      () => 1,
      () => 0,
      () => undefined,
    );
    const phone = slowDevice();
    const d = tracker.wrap(deps(phone.device));
    expect(d.device.serial).toBe('s1');
    expect(await d.device.shell('echo')).toBe('');
  });
});
