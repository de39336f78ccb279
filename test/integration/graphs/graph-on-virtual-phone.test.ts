import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { Recorder } from '../../../electron/core/recording/recorder.js';
import { Backend } from '../../../electron/services/backend.js';
import { recorderDeps } from '../../../electron/services/recording/recorder-deps.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { runCli } from '../../support/cli.js';
import { STARTER_TASKS } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { screenId, tapOn } from '../../support/ui-actions.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

type Step = { tap: string } | { key: 'Back' | 'Home' };

describe('task graphs from demonstrations on the virtual phone', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('builds a multi-path graph whose nodes match the true screens, and exports/imports it safely', async () => {
    const server = await phones();
    const ws = tmp();
    const backend = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: `127.0.0.1:${server.port}` });
    await importTaskFile(backend.workspace, { file: STARTER_TASKS });
    const device = backend.devices.device('vphone-1');
    const truth = new Map<string, string>(); // "demo:idx" → true screen id

    const record = async (path: Step[], clockMs: number): Promise<void> => {
      await device.shell(`cmd vphone clock set ${clockMs}`);
      await device.shell('input keyevent 3');
      const rec = await Recorder.start(
        recorderDeps(() => backend.workspace, device, backend.captures),
        backend.workspace.tasks.get('settings-font-bigger')!,
      );
      for (const step of path) {
        truth.set(`${rec.demonstrationId}:${rec.stepCount}`, await screenId(device));
        await rec.act('tap' in step ? await tapOn(device, step.tap) : { type: step.key });
      }
      truth.set(`${rec.demonstrationId}:${rec.stepCount}`, await screenId(device));
      await rec.finish();
    };
    const direct: Step[] = [{ tap: 'Settings' }, { tap: 'Display' }];
    await record(direct, Date.UTC(2026, 10, 29, 9, 0));
    await record([{ tap: 'Settings' }, { tap: 'Sound' }, { key: 'Back' }, { tap: 'Display' }], Date.UTC(2026, 10, 29, 13, 37));
    await record(direct, Date.UTC(2026, 10, 30, 22, 5));
    backend.close();

    const built = runCli(['--workspace', ws, '--json', 'graph', 'build', '--task', 'settings-font-bigger']);
    expect(built.stderr).toBe('');
    const [summary] = JSON.parse(built.stdout) as GraphSummary[];
    expect(summary).toMatchObject({ demonstrations: 3, nodes: 4, doneNodes: 1, selfConsistency: 1, version: 1 });
    // The detour through Sound is taken by one demonstration only, yet the others' graph accepts it: a tap to a page
    // the graph does not know, then Back, returns to where the walk stood (back and forth is a right route).
    expect(summary!.leaveOneOut).toBe(1);

    // Pairwise merge precision and recall against the phone's true screen ids.
    const shown = JSON.parse(runCli(['--workspace', ws, '--json', 'graph', 'show', 'settings-font-bigger']).stdout) as { graph: TaskGraph };
    const nodeOf = new Map<string, string>();
    for (const n of shown.graph.nodes) for (const m of n.members) nodeOf.set(`${m.demonstrationId}:${m.idx}`, n.id);
    const keys = [...truth.keys()];
    expect(nodeOf.size).toBe(keys.length);
    let tp = 0,
      fp = 0,
      fn = 0;
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        const same = truth.get(keys[i]!) === truth.get(keys[j]!);
        const merged = nodeOf.get(keys[i]!) === nodeOf.get(keys[j]!);
        if (same && merged) tp++;
        else if (merged) fp++;
        else if (same) fn++;
      }
    }
    expect({ precision: tp / (tp + fp), recall: tp / (tp + fn) }).toEqual({ precision: 1, recall: 1 });

    // Export, then import into a fresh workspace.
    const file = join(tmp(), 'font.ebgraph');
    expect(runCli(['--workspace', ws, 'graph', 'export', 'settings-font-bigger', '--out', file]).code).toBe(0);
    const other = tmp();
    const imported = runCli(['--workspace', other, '--json', 'graph', 'import', file]);
    expect(JSON.parse(imported.stdout)).toMatchObject({ taskId: 'settings-font-bigger', version: 1, taskCreated: true });
    const again = JSON.parse(runCli(['--workspace', other, '--json', 'graph', 'show', 'settings-font-bigger']).stdout) as {
      graph: TaskGraph;
    };
    expect(again.graph.nodes.length).toBe(4);

    // A truncated file and a tampered one are refused, and nothing is imported.
    const bytes = readFileSync(file);
    writeFileSync(`${file}.cut`, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = runCli(['--workspace', other, 'graph', 'import', `${file}.cut`]);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/truncated/);
    const doc = JSON.parse(gunzipSync(bytes).toString()) as { graph: { body: TaskGraph } };
    doc.graph.body.edges[0]!.to = doc.graph.body.startNode;
    writeFileSync(`${file}.evil`, gzipSync(JSON.stringify(doc)));
    const evil = runCli(['--workspace', other, 'graph', 'import', `${file}.evil`]);
    expect(evil.code).toBe(1);
    expect(evil.stderr).toMatch(/checksum does not match/);
    const versions = JSON.parse(runCli(['--workspace', other, '--json', 'graph', 'show', 'settings-font-bigger']).stdout) as {
      summary: GraphSummary;
    };
    expect(versions.summary.version).toBe(1);
  });
});
