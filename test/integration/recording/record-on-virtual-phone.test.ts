import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DemonstrationView, StepView } from '../../../shared/domain/recording.js';
import { decodeXml } from '../../../electron/adapters/observations/observation-sink.js';
import { toNorm } from '../../../electron/core/geometry/coordinates.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { Backend } from '../../../electron/services/backend.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { STARTER_TASKS } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

describe('recording a demonstration on the virtual phone (through adbkit)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  async function setup(): Promise<Backend> {
    const server = await phones();
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: `127.0.0.1:${server.port}` });
    await importTaskFile(backend.workspace, { file: STARTER_TASKS });
    return backend;
  }

  it('stores a complete (screenshot, UI XML, action, foreground) triple per step', async () => {
    const backend = await setup();
    const call = <T>(c: string, i: unknown): Promise<T> => backend.dispatch(c, i) as Promise<T>;
    const demo = await call<DemonstrationView>('recording.start', { taskId: 'settings-font-bigger', serial: 'vphone-1' });
    const tap = { type: 'Tap', at: { x: 250.5, y: 500 } } as const;
    await call<StepView>('recording.act', { demonstrationId: demo.id, action: tap });
    await call<StepView>('recording.act', {
      demonstrationId: demo.id,
      action: { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 300 },
    });
    await call<StepView>('recording.act', { demonstrationId: demo.id, action: { type: 'Home' } });
    const done = await call<DemonstrationView>('recording.finish', { demonstrationId: demo.id });

    expect(done.status).toBe('finished');
    expect(done.steps.map((s) => s.action?.type ?? 'DONE')).toEqual(['Tap', 'Swipe', 'Home', 'DONE']);
    const ws = backend.workspace;
    for (const step of ws.demonstrations.steps(demo.id)) {
      const shot = await ws.blobs.get(step.screenshotBlob!);
      const meta = await sharp(shot).metadata();
      expect([meta.width, meta.height]).toEqual([1080, 2400]);
      const xml = await decodeXml(await ws.blobs.get(step.xmlBlob!));
      expect(parseUiXml(xml).roots.length).toBeGreaterThan(0);
      expect(step.foregroundPackage).toMatch(/^[a-z]+(\.[a-z0-9]+)+$/);
      expect(ws.blobs.has(step.thumbnailBlob!)).toBe(true);
    }
    const first = ws.demonstrations.steps(demo.id)[0]!;
    expect(first.action).toEqual(tap);
    // Pixel form: floor(250.5/1000·1080) = 270, floor(0.5·2400) = 1200; and it maps back into the same pixel.
    expect(first.actionPx).toMatchObject({ type: 'Tap', at: { x: 270, y: 1200 }, screen: { width: 1080, height: 2400 } });
    const back = toNorm({ x: 270, y: 1200 }, { width: 1080, height: 2400 });
    expect(Math.abs(back.x - 250.5)).toBeLessThan(1000 / 1080);
    expect(first.timings.total_ms).toBeGreaterThan(0);
    expect(ws.integrityCheck()).toBe('ok');
    backend.close();
  });

  it('refuses a second recording on a busy device and steps on a finished demonstration', async () => {
    const backend = await setup();
    const demo = (await backend.dispatch('recording.start', { taskId: 'settings-font-bigger', serial: 'vphone-1' })) as DemonstrationView;
    await expect(backend.dispatch('recording.start', { taskId: 'phone-block-number', serial: 'vphone-1' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await backend.dispatch('recording.discard', { demonstrationId: demo.id });
    await expect(backend.dispatch('recording.act', { demonstrationId: demo.id, action: { type: 'Back' } })).rejects.toMatchObject({
      code: 'conflict',
    });
    backend.close();
  });

  it('reports an unknown device as unavailable without creating a demonstration', async () => {
    const backend = await setup();
    await expect(backend.dispatch('recording.start', { taskId: 'settings-font-bigger', serial: 'nope-9' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(backend.workspace.demonstrations.listForTask('settings-font-bigger')).toEqual([]);
    backend.close();
  });
});
