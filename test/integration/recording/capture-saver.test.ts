import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RecordedStep } from '../../../shared/domain/recording.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { validTask } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import type { Step } from '../../../electron/adapters/db/repositories/demonstrations-repo.js';
import { CaptureSaver } from '../../../electron/services/recording/capture-saver.js';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';

const XML = '<?xml version="1.0"?><hierarchy rotation="0"><node bounds="[0,0][90,200]"/></hierarchy>';
const png = (shade: number): Promise<Buffer> =>
  sharp({ create: { width: 90, height: 200, channels: 4, background: { r: shade, g: 80, b: 120, alpha: 1 } } })
    .png()
    .toBuffer();

function openDemo(dir: string): { ws: WorkspaceStore; demo: number } {
  const ws = WorkspaceStore.open(dir);
  ws.tasks.importSet({ name: 's', sourceFile: '/x.json', sourceHash: 'h' }, [TaskSchema.parse(validTask({ id: 't1' }))], false);
  return { ws, demo: ws.demonstrations.create('t1', 'vphone-1').id };
}

const step = (demonstrationId: number, idx: number): RecordedStep => ({
  demonstrationId,
  idx,
  screenshotBlob: null,
  thumbnailBlob: null,
  xmlBlob: null,
  foregroundPackage: 'p',
  foregroundActivity: 'a',
  action: { type: 'Back' },
  actionPx: null,
  timings: {},
});

describe('CaptureSaver', () => {
  const tmp = useTempDirs();

  it('stores each raw step as lossless WebP, thumbnail and gzipped dump, in order, and reports each', async () => {
    const { ws, demo } = openDemo(tmp());
    const saved: Step[] = [];
    const saver = new CaptureSaver(
      () => ws,
      (s) => saved.push(s),
    );
    const shots = [await png(10), await png(200)];
    shots.forEach((screenshot, i) => ws.demonstrations.addStep(step(demo, i), { screenshot, xml: XML }));
    expect(ws.pendingCaptures.count(demo)).toBe(2);
    saver.schedule();
    await saver.settled(demo);

    expect(ws.pendingCaptures.count()).toBe(0);
    expect(saved.map((s) => s.idx)).toEqual([0, 1]);
    for (const [i, s] of ws.demonstrations.steps(demo).entries()) {
      expect(ws.blobIndex.get(s.screenshotBlob!)?.mediaType).toBe('image/webp');
      expect(ws.blobIndex.get(s.thumbnailBlob!)?.mediaType).toBe('image/webp');
      const [a, b] = await Promise.all(
        [shots[i]!, await ws.blobs.get(s.screenshotBlob!)].map((x) => sharp(x).ensureAlpha().raw().toBuffer()),
      );
      expect(a!.equals(b!)).toBe(true);
    }
    ws.close();
  });

  // The encoder's fast settings must stay lossless on a real screen (text, icons, anti-aliased edges), not only on a
  // flat colour; a screen met again (the same PNG) is stored as the same blobs.
  it('stores a full phone screen pixel-identical, and a repeated screen as the same blobs', async () => {
    const phone = await startVirtualPhoneServer({ port: 0, locale: 'en' });
    let shots: Buffer[];
    try {
      const device = new AdbServer({ host: '127.0.0.1', port: phone.port }).device('vphone-1');
      const home = Buffer.from(await device.screenshot());
      const settings = (await device.shell('cmd vphone screens'))
        .split('\n')
        .find((l) => l.startsWith('settings'))!
        .split('\t')[0]!;
      await device.shell(`cmd vphone open ${settings}`);
      shots = [home, Buffer.from(await device.screenshot()), Buffer.from(home)];
    } finally {
      await phone.close();
    }
    expect(shots[0]!.equals(shots[1]!)).toBe(false);
    const { ws, demo } = openDemo(tmp());
    const saver = new CaptureSaver(
      () => ws,
      () => undefined,
    );
    shots.forEach((screenshot, i) => ws.demonstrations.addStep(step(demo, i), { screenshot, xml: XML }));
    saver.schedule();
    await saver.settled(demo);
    const steps = ws.demonstrations.steps(demo);
    for (const [i, s] of steps.entries()) {
      expect(ws.blobIndex.get(s.screenshotBlob!)?.mediaType).toBe('image/webp');
      const stored = await ws.blobs.get(s.screenshotBlob!);
      expect(stored.byteLength).toBeLessThan(shots[i]!.byteLength / 2);
      const [a, b] = await Promise.all([shots[i]!, stored].map((x) => sharp(x).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
      expect(b!.info).toMatchObject({ width: 1080, height: 2400 });
      expect(a!.data.equals(b!.data)).toBe(true);
    }
    expect([steps[2]!.screenshotBlob, steps[2]!.thumbnailBlob]).toEqual([steps[0]!.screenshotBlob, steps[0]!.thumbnailBlob]);
    ws.close();
  });

  it('keeps a screenshot that is no readable image as the phone sent it, rather than losing the step', async () => {
    const { ws, demo } = openDemo(tmp());
    const saver = new CaptureSaver(
      () => ws,
      () => undefined,
    );
    const garbage = Buffer.from('not a png at all');
    ws.demonstrations.addStep(step(demo, 0), { screenshot: garbage, xml: XML });
    saver.schedule();
    await saver.settled(demo);
    const [s] = ws.demonstrations.steps(demo);
    expect((await ws.blobs.get(s!.screenshotBlob!)).equals(garbage)).toBe(true);
    expect(s!.thumbnailBlob).toBeNull();
    ws.close();
  });

  it('leaves steps pending when storing fails, says so, and stores them once it can write again', async () => {
    const dir = tmp();
    const { ws, demo } = openDemo(dir);
    const saver = new CaptureSaver(
      () => ws,
      () => undefined,
    );
    ws.demonstrations.addStep(step(demo, 0), { screenshot: await png(30), xml: XML });
    const blobTmp = join(dir, 'blobs', 'tmp');
    // No new blob can be written (as with a full disk): the blob store's temp folder is a file.
    rmSync(blobTmp, { recursive: true });
    writeFileSync(blobTmp, '');
    await expect(saver.settled(demo)).rejects.toThrow(/could not store the screenshots of demonstration .* finish again/);
    expect(ws.pendingCaptures.count(demo)).toBe(1);
    expect(ws.demonstrations.steps(demo)[0]!.screenshotBlob).toBeNull();
    rmSync(blobTmp);
    mkdirSync(blobTmp);
    await saver.settled(demo);
    expect(ws.pendingCaptures.count(demo)).toBe(0);
    expect(readdirSync(blobTmp)).toEqual([]);
    ws.close();
  });

  it('drops an undone step pending with it, and a save finishing after the undo changes nothing', async () => {
    const { ws, demo } = openDemo(tmp());
    const saved: number[] = [];
    const saver = new CaptureSaver(
      () => ws,
      (s) => saved.push(s.idx),
    );
    ws.demonstrations.addStep(step(demo, 0), { screenshot: await png(40), xml: XML });
    ws.demonstrations.addStep(step(demo, 1), { screenshot: await png(50), xml: XML });
    saver.schedule(); // starts on step 0 …
    ws.demonstrations.removeStep(demo, 1); // … while step 1 is undone
    await saver.settled(demo);
    expect(saved).toEqual([0]);
    expect(ws.demonstrations.steps(demo).map((s) => s.idx)).toEqual([0]);
    ws.close();
  });
});
