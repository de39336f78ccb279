import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { runCli } from '../../support/cli.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { onSmallDisk, tmpfsAvailable } from '../../support/full-disk.js';
import { graphFileBytes } from '../../support/graph-file.js';

const STARTER = `${REPO_ROOT}tasks/examples/starter.json`;

/** A loopback port nothing listens on any more (an adb server that was killed). */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('failures that say what is wrong', () => {
  const tmp = useTempDirs();

  // Before: "node: bad option: -P" (adbkit's attempt to start a server with our `bin`), and a run's
  // result said only "no healthy device left".
  it('a killed adb server is reported as such, by the command and in the run result', async () => {
    const port = await deadPort();
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER]).code).toBe(0);
    const tryIt = runCli([
      '--workspace',
      ws,
      '--adb',
      `127.0.0.1:${port}`,
      'agent',
      'try',
      'random',
      '--device',
      'vphone-1',
      '--instruction',
      'hi',
    ]);
    expect(tryIt.code).toBe(1);
    expect(tryIt.stderr).toContain(`no adb server answers at 127.0.0.1:${port} (connection refused`);
    expect(tryIt.stderr).not.toMatch(/bad option|Command failed/);
    expect(tryIt.stderr.trim().split('\n')).toHaveLength(1);

    const run = runCli([
      '--workspace',
      ws,
      '--adb',
      `127.0.0.1:${port}`,
      'run',
      '--mode',
      'online',
      '--agent',
      'random',
      '--devices',
      'vphone-1',
    ]);
    expect(run.stderr).not.toMatch(/bad option/);
    const store = WorkspaceStore.open(ws);
    const [result] = store.runs.results(store.runs.list()[0]!.id);
    store.close();
    expect(result!.exitCategory).toBe('infra_error');
    expect(String(result!.details.reason)).toContain(`vphone-1: `);
    expect(String(result!.details.reason)).toContain(`no adb server answers at 127.0.0.1:${port}`);
  }, 120_000);

  // Before: even `tasks list` failed ("cannot open workspace …: disk I/O error"), and a write that ran out of
  // space mid-way printed SQLite's or the file system's own words.
  it.runIf(tmpfsAvailable())(
    'on a full disk, reading still works and every change says the disk is full, in one line',
    () => {
      const work = tmp();
      const disk = join(work, 'disk');
      const bigGraph = join(work, 'big.ebgraph');
      // Incompressible blobs: 3 MiB that do not fit in the space left.
      writeFileSync(bigGraph, graphFileBytes([{ bytes: randomBytes(3 * 1024 * 1024), mediaType: 'application/json' }], 'big-task'));
      const ws = '{DISK}/ws';
      const env = { ELDERBENCH_USER_DATA: `${disk}/user` };
      const [imported, , list, run, imp, , graph] = onSmallDisk(
        work,
        disk,
        8,
        [
          ['EB', '--workspace', ws, 'tasks', 'import', STARTER],
          ['dd', 'if=/dev/zero', 'of={DISK}/fill', 'bs=1M', 'count=64'],
          ['EB', '--workspace', ws, 'tasks', 'list'],
          ['EB', '--workspace', ws, 'run', '--mode', 'offline', '--agent', 'random'],
          ['EB', '--workspace', ws, 'tasks', 'import', STARTER, '--set', 'again'],
          // Room to open for writing again, but not for what comes next: the write fails mid-way.
          ['sh', '-c', `rm {DISK}/fill && dd if=/dev/zero of={DISK}/fill bs=1M count=$(( $(df -m --output=avail {DISK} | tail -1) - 2 ))`],
          ['EB', '--workspace', ws, 'graph', 'import', bigGraph],
        ],
        env,
      );
      expect(imported!.code).toBe(0);
      expect(list!.code).toBe(0);
      expect(list!.stdout).toMatch(/settings-font-bigger/);
      expect(list!.stderr).toMatch(/the disk holding the workspace .* is full: listing, reviewing and exporting work/);
      for (const r of [run!, imp!]) {
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/^elderbench: .* and the disk holding the workspace .* is full .*Free some space on it/);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
      expect(graph!.code).toBe(1);
      expect(graph!.stderr).toMatch(/^elderbench: the disk holding the workspace .* is full, so the last change could not be saved/);
      expect(graph!.stderr.trim().split('\n')).toHaveLength(1);
    },
    240_000,
  );
});
