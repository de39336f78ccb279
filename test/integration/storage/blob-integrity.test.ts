import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { XML_MEDIA_TYPE } from '../../../electron/adapters/observations/observation-sink.js';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { importGraph } from '../../../electron/services/graphs/graph-transfer.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { graphFileBytes, gzipBomb } from '../../support/graph-file.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { runCli } from '../../support/cli.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const DUMP = gzipSync(readFileSync(`${REPO_ROOT}test/fixtures/ui-dumps/05-bili-1080x2400.xml`));
const OFFLINE = { mode: 'offline' };

/** The CLI as a user runs it, reporting the process's peak memory (VmHWM). */
function cliWithPeak(args: string[], userData: string): { code: number | null; stdout: string; stderr: string; peakMiB: number } {
  const r = spawnSync(process.execPath, [`${REPO_ROOT}bin/elderbench.js`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ELDERBENCH_USER_DATA: userData, ELDERBENCH_REPORT_PEAK_RSS: '1' },
    timeout: 170_000,
  });
  const peak = Number(/peak_rss_kib=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, peakMiB: peak / 1024 };
}

/** Every file under a folder, read whole (the report folder is small). */
function allBytes(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f, 'latin1'))
    .join('\n');
}

describe('stored blobs from someone else', () => {
  const tmp = useTempDirs();

  // Before: `graph import` took the 2 MB UI dump whole, and the first offline run crashed the process
  // inflating it (V8 fatal at 4.4 GB), leaving the run "running".
  it('refuses a UI dump that inflates to 2 GiB at import, and an offline run over one already stored makes the task invalid, with bounded memory', async () => {
    const bomb = gzipBomb(2048);
    const file = join(tmp(), 'bomb.ebgraph');
    writeFileSync(
      file,
      graphFileBytes(
        [
          { bytes: PNG_1PX, mediaType: 'image/png' },
          { bytes: bomb, mediaType: XML_MEDIA_TYPE },
        ],
        'graph-task',
        OFFLINE,
      ),
    );
    const ws = tmp();
    const imp = cliWithPeak(['--workspace', ws, 'graph', 'import', file], tmp());
    const bombId = /blob ([0-9a-f]{64})/.exec(imp.stderr)?.[1];
    expect(imp.stderr).toMatch(/UI dump blob [0-9a-f]{64} inflates to more than 32 MiB.*nothing was imported/);
    expect(imp.code).toBe(1);
    expect(imp.peakMiB).toBeLessThan(900);

    // As an older version (or a copied folder) could have stored it: an honest graph, then a version whose dump is the bomb.
    const honest = join(tmp(), 'ok.ebgraph');
    writeFileSync(
      honest,
      graphFileBytes(
        [
          { bytes: PNG_1PX, mediaType: 'image/png' },
          { bytes: DUMP, mediaType: XML_MEDIA_TYPE },
        ],
        'graph-task',
        OFFLINE,
      ),
    );
    const store = WorkspaceStore.open(ws);
    await importGraph(store, honest);
    const stored = await store.putBlob(bomb, XML_MEDIA_TYPE);
    expect(stored.id).toBe(bombId);
    const latest = store.graphs.latest('graph-task')!;
    const body = structuredClone(latest.body);
    for (const n of body.nodes) for (const m of [n.representative, ...n.members]) m.xmlBlob = stored.id;
    store.graphs.addVersion('graph-task', { parentId: latest.id, config: latest.config, body, validation: latest.validation });
    store.close();

    const run = cliWithPeak(['--workspace', ws, '--json', 'run', '--mode', 'offline', '--agent', 'replay', '--tasks', 'graph-task'], tmp());
    expect(run.stderr).not.toMatch(/FATAL|out of memory/i);
    expect(run.code).toBe(0);
    expect(run.peakMiB).toBeLessThan(900);
    const after = WorkspaceStore.open(ws);
    const [r] = after.runs.list();
    expect(r!.status).toBe('finished');
    const [result] = after.runs.results(r!.id);
    expect(result).toMatchObject({ exitCategory: 'no_graph', success: false });
    expect(String(result!.details.reason)).toContain(`UI dump blob ${stored.id} inflates to more than 32 MiB`);
    after.close();
  }, 300_000);

  // Before: `graph export` and `report --format html` copied the link's target into what the user shares.
  it('never follows a link in blobs/ and never passes on a blob whose bytes do not match its name: export and report refuse, naming it', async () => {
    const ws = tmp();
    const file = join(tmp(), 'ok.ebgraph');
    writeFileSync(
      file,
      graphFileBytes(
        [
          { bytes: PNG_1PX, mediaType: 'image/png' },
          { bytes: DUMP, mediaType: XML_MEDIA_TYPE },
        ],
        'graph-task',
        OFFLINE,
      ),
    );
    expect(runCli(['--workspace', ws, 'graph', 'import', file]).code).toBe(0);
    const userData = tmp();
    // A model-free agent: the imported graph has no demonstration for the replay agent to follow.
    const run = runCli(['--workspace', ws, 'run', '--mode', 'offline', '--agent', 'random', '--tasks', 'graph-task'], {
      ELDERBENCH_USER_DATA: userData,
    });
    expect(run.stderr).not.toMatch(/elderbench:/);
    expect(run.code).toBe(0);

    const store = WorkspaceStore.open(ws);
    const pngId = store.graphs.latest('graph-task')!.body.nodes[0]!.representative.screenshotBlob!;
    const blobFile = store.blobs.pathOf(pngId);
    store.close();
    const secret = join(tmp(), 'id_rsa');
    writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY----- not-for-sharing');
    rmSync(blobFile);
    symlinkSync(secret, blobFile);

    const out = join(tmp(), 'shared.ebgraph');
    const exp = runCli(['--workspace', ws, 'graph', 'export', 'graph-task', '--out', out]);
    expect(exp.code).toBe(1);
    expect(exp.stderr).toContain(`blob ${pngId}`);
    expect(exp.stderr).toMatch(/is a symbolic link/);
    expect(existsSync(out)).toBe(false);

    const reportDir = join(tmp(), 'report');
    const rep = runCli(['--workspace', ws, 'report', '--format', 'html', '--out', reportDir]);
    expect(rep.code).toBe(1);
    expect(rep.stderr).toContain(`blob ${pngId}`);
    expect(allBytes(reportDir)).not.toContain('PRIVATE KEY');

    // Not a link, but other bytes under the same name (a changed file in a shared folder).
    rmSync(blobFile);
    writeFileSync(blobFile, 'other bytes');
    const exp2 = runCli(['--workspace', ws, 'graph', 'export', 'graph-task', '--out', out]);
    expect(exp2.code).toBe(1);
    expect(exp2.stderr).toMatch(new RegExp(`blob ${pngId} .*does not hold the bytes named by its hash`));
    expect(existsSync(out)).toBe(false);
  }, 240_000);
});
