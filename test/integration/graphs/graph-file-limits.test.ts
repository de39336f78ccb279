import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/fixtures.js';
import { graphFileBytes, gzipBomb } from '../../support/graph-file.js';
import { useTempDirs } from '../../support/temp-dir.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** `graph import` as a user runs it, reporting the process's peak memory (VmHWM) on stderr. */
function importWithPeak(workspace: string, file: string): { code: number | null; stderr: string; peakMiB: number } {
  const r = spawnSync(process.execPath, [`${REPO_ROOT}bin/elderbench.js`, '--workspace', workspace, 'graph', 'import', file], {
    encoding: 'utf8',
    env: { ...process.env, ELDERBENCH_USER_DATA: join(workspace, '.user'), ELDERBENCH_REPORT_PEAK_RSS: '1' },
    timeout: 120_000,
  });
  const peak = Number(/peak_rss_kib=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { code: r.status, stderr: r.stderr, peakMiB: peak / 1024 };
}

describe('graph files from elsewhere', () => {
  const tmp = useTempDirs();

  // Before the cap: 4.4 GB of memory and ~15 s before the file was refused.
  it('refuses a gzip bomb (2 MB inflating to 2 GiB) with a clear message and bounded memory', () => {
    const file = join(tmp(), 'bomb.ebgraph');
    writeFileSync(file, gzipBomb(2048));
    const r = importWithPeak(tmp(), file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/inflates to more than 256 MiB.*nothing was imported/);
    expect(r.peakMiB).toBeLessThan(900);
  }, 150_000);

  it('still imports an honest graph file with an image and a UI dump', () => {
    const file = join(tmp(), 'ok.ebgraph');
    writeFileSync(
      file,
      graphFileBytes([
        { bytes: PNG_1PX, mediaType: 'image/png' },
        { bytes: Buffer.from('<hierarchy/>'), mediaType: 'application/xml' },
      ]),
    );
    const r = importWithPeak(tmp(), file);
    expect(r.stderr).not.toMatch(/elderbench:/);
    expect(r.code).toBe(0);
  }, 60_000);
});
