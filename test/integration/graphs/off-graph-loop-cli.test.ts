import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OffGraphReport, RescoreSummary } from '../../../shared/domain/off-graph.js';
import { Backend } from '../../../electron/services/backend.js';
import type { OffGraphRunFixture } from '../../support/off-graph-run.js';
import { offGraphRun } from '../../support/off-graph-run.js';
import { startCli } from '../../support/cli-process.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Graphs that grow where agents go, through the CLI: a run of scripted models (the `vlm` adapter behind
 * an OpenAI-compatible mock) leaves the graphs; `graph offgraph` lists where; one action is recorded on
 * as a branch on the virtual phone (a right route no demonstration took), another is marked wrong; `run
 * rescore` flips the first result and only it, and the manifest and report say which version scored what.
 */

interface Report {
  results: { taskId: string; agent: string; success: boolean; exit: string; graphVersion: number | null }[];
  tables: { id: string; rows: Record<string, unknown>[] }[];
}

describe('the off-graph loop through the CLI', () => {
  let f: OffGraphRunFixture;
  const json = async <T>(args: string[]): Promise<T> => {
    const r = await f.cli(['--json', ...args]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  };
  const verdicts = (r: Report) => Object.fromEntries(r.results.map((x) => [`${x.agent} ${x.taskId}`, x.success ? 'success' : x.exit]));

  beforeAll(async () => {
    f = await offGraphRun();
  }, 300_000);
  afterAll(async () => {
    await f?.close();
  });

  it('the run: the detour and the careless taps leave the graph, the demonstrated way succeeds', async () => {
    const report = await json<Report>(['report', f.runId]);
    expect(verdicts(report)).toEqual({
      // Storage opens a page the graph does not know (a look elsewhere, which Back would return from); Finish there fails.
      'careless off-display': 'finished',
      'careless off-sound': 'success',
      'detour off-display': 'off_graph',
      'detour off-sound': 'finished',
    });
  });

  it('graph offgraph lists every off-graph action by task and node, grouped by the control the agent tapped', async () => {
    const r = await json<OffGraphReport>(['graph', 'offgraph', f.runId]);
    expect(r).toMatchObject({ runId: f.runId, total: 3, decided: 0 });
    const display = r.tasks.find((t) => t.taskId === 'off-display')!;
    expect(display.nodes).toHaveLength(1); // both left from the Settings page
    const groups = display.nodes[0]!.groups.map((g) => [g.description, g.agents, g.occurrences.map((o) => o.step), g.decision]);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['Tap "Accessibility"', ['detour'], [1], null],
        ['Tap "Storage"', ['careless'], [1], null],
      ]),
    );
    expect(display.nodes[0]!.page).toMatch(/Settings/);
    expect(r.tasks.find((t) => t.taskId === 'off-sound')!.nodes[0]!.groups.map((g) => g.description)).toEqual(['Tap "Storage"']);
    // The human table says the same and how to act on it.
    const human = await f.cli(['graph', 'offgraph', f.runId]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/off-display .*Tap "Accessibility" .*detour#1 .*open/);
    expect(human.stdout).toMatch(/graph branch/);
  });

  it('graph branch: one action marked wrong, one recorded on from the screen it led to; each a new graph version', async () => {
    const wrong = await json<{ version: number; attached: boolean }>([
      'graph',
      'branch',
      f.runId,
      '--task',
      'off-display',
      '--agent',
      'careless',
      '--step',
      '1',
      '--wrong',
      '--note',
      'Storage is not the display',
    ]);
    expect(wrong).toMatchObject({ version: 2, attached: true });

    // Without the confirmation the agent's action is not played on a phone.
    const refused = await f.cli([
      'graph',
      'branch',
      f.runId,
      '--task',
      'off-display',
      '--agent',
      'detour',
      '--step',
      '1',
      '--device',
      'vphone-1',
      '--script',
      'x',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--allow-side-effects/);

    const script = join(f.ws, 'continue.json');
    writeFileSync(script, JSON.stringify([{ type: 'Tap', on: 'Display size and text' }, { type: 'Finish' }]));
    const branch = await json<{ version: number; trust: string; arrived: { same: boolean }; steps: number }>([
      'graph',
      'branch',
      f.runId,
      '--task',
      'off-display',
      '--agent',
      'detour',
      '--step',
      '1',
      '--device',
      'vphone-1',
      '--allow-side-effects',
      '--script',
      script,
    ]);
    // The demonstration's tap on Settings, the agent's tap on Accessibility, the annotator's tap, the final screen.
    expect(branch, JSON.stringify(branch)).toMatchObject({ version: 3, arrived: { same: true }, steps: 4 });
    expect(branch.trust).not.toBe('not valid');

    // A branch that stops where the task is not done (Storage is not the sound page) is refused by the
    // task's checks on the phone: discarded, the graph of off-sound unchanged.
    const stop = join(f.ws, 'stop.json');
    writeFileSync(stop, JSON.stringify([{ type: 'Finish' }]));
    const refusedBranch = await f.cli([
      'graph',
      'branch',
      f.runId,
      '--task',
      'off-sound',
      '--agent',
      'detour',
      '--step',
      '1',
      '--device',
      'vphone-1',
      '--allow-side-effects',
      '--script',
      stop,
    ]);
    expect(refusedBranch.code).toBe(1);
    expect(refusedBranch.stderr).toMatch(
      /the task's checks fail where branch \d+ ended .*settings\.sound.*the graph of off-sound is unchanged/,
    );
    const sound = await json<OffGraphReport>(['graph', 'offgraph', f.runId, '--task', 'off-sound']);
    expect(sound.tasks[0]).toMatchObject({ latestVersion: 1 });
    expect(sound.tasks[0]!.nodes[0]!.groups[0]!.decision).toBeNull();

    const r = await json<OffGraphReport>(['graph', 'offgraph', f.runId, '--task', 'off-display']);
    const decision = (d: string) => r.tasks[0]!.nodes[0]!.groups.find((g) => g.description === d)!.decision;
    expect(decision('Tap "Accessibility"')).toMatchObject({ kind: 'branch', inGraphVersion: 3, demonstrationStatus: 'finished' });
    expect(decision('Tap "Storage"')).toMatchObject({ kind: 'wrong', inGraphVersion: 2, note: 'Storage is not the display' });
    expect(r.decided).toBe(2);
  });

  it('run rescore flips the branched result only; the known-wrong one stays failed, the other task is untouched', async () => {
    const before = new Backend({ workspace: f.ws, userDataDir: f.userData });
    const untouched = before.workspace.runs.results(f.runId).filter((r) => r.taskId === 'off-sound');
    before.close();
    // Killed while the agent goes on (the model never answers): nothing of the re-scoring is written.
    f.hang = true;
    const waiting = f.server.requests.length;
    const killed = startCli(['--workspace', f.ws, '--adb', f.adb, 'run', 'rescore', f.runId], { ELDERBENCH_USER_DATA: f.userData });
    await expect.poll(() => f.server.requests.length, { timeout: 60_000 }).toBeGreaterThan(waiting);
    killed.child.kill('SIGKILL');
    await killed.exited;
    f.hang = false;
    const unhurt = new Backend({ workspace: f.ws, userDataDir: f.userData });
    try {
      expect(unhurt.workspace.runs.get(f.runId)!.manifest.rescores).toEqual([]);
      const detourNow = unhurt.workspace.runs.results(f.runId).find((r) => r.agent === 'detour' && r.taskId === 'off-display')!;
      expect(detourNow).toMatchObject({ success: false, exitCategory: 'off_graph', details: { graphVersion: 1 } });
      expect(
        unhurt.workspace.runs.steps({ runId: f.runId, taskId: 'off-display', agent: 'careless', mode: 'offline' }).find((x) => x.idx === 1)!
          .details.match,
      ).not.toHaveProperty('knownWrong');
    } finally {
      unhurt.close();
    }
    const asked = f.server.requests.length;

    const s = await json<RescoreSummary>(['run', 'rescore', f.runId]);
    const by = Object.fromEntries(s.rescored.map((r) => [`${r.agent} ${r.taskId}`, r]));
    expect(Object.keys(by).sort()).toEqual(['careless off-display', 'detour off-display']);
    expect(by['detour off-display']).toMatchObject({
      fromVersion: 1,
      toVersion: 3,
      before: { success: false, exit: 'off_graph' },
      after: { success: true, exit: 'finished' },
      how: 'continued',
      modelCalls: 2, // the tap on "Display size and text" and Finish: the two stored replies were not asked again
    });
    expect(by['careless off-display']).toMatchObject({ after: { success: false, exit: 'off_graph' }, how: 're-walked', modelCalls: 0 });
    expect(s).toMatchObject({ flipped: 1, unchanged: 2, skipped: [] });
    expect(f.server.requests.length - asked).toBe(2);

    const report = await json<Report>(['report', f.runId]);
    expect(verdicts(report)).toEqual({
      // Marked wrong at its node, the tap on Storage now leaves the graph at once.
      'careless off-display': 'off_graph',
      'careless off-sound': 'success',
      'detour off-display': 'success',
      'detour off-sound': 'finished',
    });
    const version = Object.fromEntries(report.results.map((x) => [`${x.agent} ${x.taskId}`, x.graphVersion]));
    expect(version).toEqual({ 'careless off-display': 3, 'careless off-sound': 1, 'detour off-display': 3, 'detour off-sound': 1 });
    const table = report.tables.find((t) => t.id === 'run-rescores')!;
    expect(table.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ task: 'off-display', agent: 'detour', from: 'v1', to: 'v3', before: 'off_graph', after: 'success' }),
      ]),
    );

    const after = new Backend({ workspace: f.ws, userDataDir: f.userData });
    try {
      const run = after.workspace.runs.get(f.runId)!;
      expect(run.manifest.graphVersions).toMatchObject({ 'off-display': 3, 'off-sound': 1 });
      // The pages a walk may follow from other tasks' graphs are those of the run's start (a resumed run reads the same).
      expect(run.manifest.appPageVersions).toEqual({ 'off-display': 1, 'off-sound': 1 });
      expect(run.manifest.rescores).toEqual([
        expect.objectContaining({
          taskId: 'off-display',
          fromVersions: [1],
          toVersion: 3,
          results: expect.arrayContaining([expect.objectContaining({ agent: 'detour', after: { success: true, exit: 'finished' } })]),
        }),
      ]);
      const results = after.workspace.runs.results(f.runId);
      const detour = results.find((r) => r.agent === 'detour' && r.taskId === 'off-display')!;
      expect(detour.details.previousVerdicts).toEqual([expect.objectContaining({ graphVersion: 1, success: false, exit: 'off_graph' })]);
      expect(detour.details.rescored).toMatchObject({ fromVersion: 1, how: 'continued', modelCalls: 2 });
      const steps = after.workspace.runs.steps({ runId: f.runId, taskId: 'off-display', agent: 'detour', mode: 'offline' });
      expect(steps.map((x) => x.action.type)).toEqual(['Tap', 'Tap', 'Tap', 'Finish']);
      expect(steps.map((x) => (x.details as { reply?: string }).reply ?? 'asked')).toEqual(['stored', 'stored', 'asked', 'asked']);
      const careless = after.workspace.runs.steps({ runId: f.runId, taskId: 'off-display', agent: 'careless', mode: 'offline' });
      expect(careless.at(-1)!.details.match).toMatchObject({ matched: false, knownWrong: { note: 'Storage is not the display' } });
      // The other task's results are exactly as they were.
      expect(results.filter((r) => r.taskId === 'off-sound')).toEqual(untouched);
    } finally {
      after.close();
    }

    // Nothing is left to re-score: a second pass changes nothing.
    const again = await json<RescoreSummary>(['run', 'rescore', f.runId]);
    expect(again).toMatchObject({ rescored: [], flipped: 0, unchanged: 4 });
  });
});
