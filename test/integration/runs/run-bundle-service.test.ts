import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import sharp from 'sharp';
import * as tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { entryBytes, readTarGz } from '../../../electron/adapters/archive/tar-gz.js';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { exportRunBundle } from '../../../electron/services/runs/bundle/bundle-export.js';
import { importRunBundle } from '../../../electron/services/runs/bundle/bundle-import.js';
import { buildRunReport } from '../../../electron/services/runs/run-report-builder.js';
import { BundleManifestSchema } from '../../../shared/schemas/run-bundle.js';
import { storeSyntheticRun } from '../../support/synthetic-run.js';
import { useTempDirs } from '../../support/temp-dir.js';

/**
 * The bundle services on a made-up online run (no phone, no model: fast), for what the CLI test's offline demo run
 * does not have: device fingerprints, an archive cut exactly between two files, a file no bundle has, and where an
 * imported run came from.
 */

const DEVICE = {
  serial: 'emulator-5554',
  model: 'Pixel 7',
  release: '14',
  screen: { width: 1080, height: 2400 },
  density: 420,
  locale: 'zh-CN',
  fontScale: 1.3,
};

async function rewrite(
  from: string,
  to: string,
  keep: (name: string) => boolean,
  extra: { name: string; bytes: Buffer }[] = [],
): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(to));
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const e of readTarGz(from)) if (keep(e.name)) entries.push({ name: e.name, bytes: await entryBytes(e, 1 << 28) });
  for (const e of [...entries.slice(0, 3), ...extra, ...entries.slice(3)])
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: e.name, size: e.bytes.length }, e.bytes, (x) => (x ? reject(x) : resolve())),
    );
  pack.finalize();
  await done;
}

describe('run bundle services', () => {
  const tmp = useTempDirs();

  it('records the devices as the run did, refuses a bundle cut between files or holding a stranger file, and says where an imported run came from', async () => {
    const a = WorkspaceStore.open(join(tmp(), 'a'));
    const b = WorkspaceStore.open(join(tmp(), 'b'));
    try {
      const runId = 'run-synthetic-online';
      const screen = (n: number) =>
        sharp({ create: { width: 8, height: 16, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 40 } } })
          .png()
          .toBuffer();
      await storeSyntheticRun(a, { runId, tasks: 3, steps: 3, image: screen, mediaType: 'image/png', mode: 'online', device: DEVICE });
      const file = join(tmp(), 'run.tar.gz');
      const r = await exportRunBundle(a, runId, file, { env: { SYNTHETIC_KEY: 'sk-synthetic-123456' } });
      expect(r).toMatchObject({ results: 6, steps: 18, images: 18, redactions: 0 });
      // A run that has not ended is not bundled: others would compare against half a table.
      a.runs.setStatus(runId, 'running');
      await expect(exportRunBundle(a, runId, join(tmp(), 'half.tar.gz'), { env: {} })).rejects.toThrow(/has not ended.*run --resume/);
      a.runs.setStatus(runId, 'finished');

      const files = new Map<string, Buffer>();
      for await (const e of readTarGz(file)) files.set(e.name, await entryBytes(e, 1 << 28));
      const manifest = BundleManifestSchema.parse(JSON.parse(files.get('manifest.json')!.toString('utf8')));
      expect(manifest.view.devices).toEqual([
        { model: 'Pixel 7', android: '14', resolution: '1080x2400', density: 420, locale: 'zh-CN', fontScale: 1.3, results: 6 },
      ]);
      expect(manifest.view.prompts).toEqual([
        { sha256: 'a'.repeat(64), usedBy: ['agent:model-agent'], text: expect.any(String) as unknown },
      ]);

      // Cut exactly after a file: gzip is whole, but contents.json never came.
      const cut = join(tmp(), 'cut.tar.gz');
      await rewrite(file, cut, (n) => n !== 'contents.json');
      await expect(importRunBundle(b, cut)).rejects.toThrow(
        /contents\.json: missing: the archive ends before its last file, so it is truncated/,
      );
      const stranger = join(tmp(), 'stranger.tar.gz');
      await rewrite(file, stranger, () => true, [{ name: 'run.sh', bytes: Buffer.from('rm -rf ~\n') }]);
      await expect(importRunBundle(b, stranger)).rejects.toThrow(/run\.sh: a file no run bundle has/);
      expect(b.runs.list()).toEqual([]);
      expect(b.tasks.count()).toBe(0);

      const loaded = await importRunBundle(b, file);
      expect(loaded).toMatchObject({ runId, results: 6, steps: 18, images: 18, tasksAdded: 3 });
      expect(buildRunReport(b, runId).tables).toEqual(buildRunReport(a, runId).tables);
      expect(b.runs.importedFrom(runId)).toMatchObject({ sourceFile: file, exportedBy: expect.stringMatching(/^elderbench /) as unknown });
      expect(a.runs.importedFrom(runId)).toBeNull();
      expect(b.runs.steps({ runId, taskId: 'synthetic-000', agent: 'model-agent', mode: 'online' })).toEqual(
        a.runs.steps({ runId, taskId: 'synthetic-000', agent: 'model-agent', mode: 'online' }),
      );
    } finally {
      a.close();
      b.close();
    }
  });
});
