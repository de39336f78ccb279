import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamplePhones } from '../../../electron/services/devices/sample-phones.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { cliToEnd } from '../../support/cli-process.js';
import type { OfflineCase, PlayedCases, ReportResults, ScriptedModels } from '../../support/offline-cases.js';
import { playOnPhone, scriptedAgentsOf, startScriptedModels, verdictsBeside } from '../../support/offline-cases.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';

/**
 * Offline verdicts on graphs grown where exploration went, played through `elderbench run` with a scripted model behind
 * the `vlm` adapter (test/fixtures/offline-kinds/grown-cases.json). Each grown route is one a human graph refused and
 * exploration or a held-out set found right on the phone; recorded through `graph accept-routes` on a sample phone, its
 * grown graph refused that very route or a right path beside it, or let a careless one through, until the walk learnt
 * what the phone does there: a list come back to at its top by a tab (not by Back), a shorter swipe's tap on its own
 * screen, a list come back to by Up where it was left, short swipes taken one after the other, a Back that hides the
 * keyboard, a tab bar above one form, a control risen over the keyboard pressed where a recording pressed it, a label
 * moved only to a press made with the list where the walk has it, a held count that lets a field's focus and Up go on,
 * a recorded press that changed nothing undoing the goal when made later, a form left by a recorded press of its Up
 * arrow discarded (a weekday ticked there is not saved), the focused field focused again when a recorded way returns to
 * its page, and a list scrolled on another task's recorded page committing nothing. Every path is judged on the phone by the
 * task's checks (the truth); the offline run must agree on every one, the careless ones included.
 */

interface GrowRoute {
  task: string;
  id: string;
  script: OfflineCase['script'];
}
const FIXTURE = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/offline-kinds/grown-cases.json'), 'utf8')) as {
  grow: GrowRoute[];
  cases: OfflineCase[];
};
const CASES = FIXTURE.cases;
const TASKS = [...new Set(CASES.map((c) => c.task))];

describe('offline verdicts on graphs grown from exploration, through elderbench run with a scripted vlm model', () => {
  let dir = '';
  let ws = '';
  let phones: VirtualPhoneServer | null = null;
  let models: ScriptedModels | null = null;
  let played: PlayedCases = { actions: new Map(), truth: new Map() };
  let routes: PlayedCases = { actions: new Map(), truth: new Map() };
  let grown: Awaited<ReturnType<typeof cliToEnd>> | null = null;
  const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eb-grown-kinds-'));
    ws = (await copyOfSharedDemo(dir)).workspace;
    phones = await startSamplePhones(1);
    const adb = `127.0.0.1:${phones.port}`;
    const serial = phones.serials[0]!;
    // The routes resolved on the phone as exploration hands them over (canonical actions), recorded by accept-routes.
    routes = await playOnPhone(
      ws,
      adb,
      serial,
      FIXTURE.grow.map((g) => ({ task: g.task, name: g.id, script: g.script })),
    );
    const file = join(dir, 'routes.json');
    const list = FIXTURE.grow.map((g) => ({
      id: g.id,
      taskId: g.task,
      actions: routes.actions.get(g.id)!.filter((a) => a.type !== 'Finish'),
      reaches: { checksPass: true, state: '' },
    }));
    writeFileSync(file, JSON.stringify(list));
    grown = await cliToEnd([
      ...['--workspace', ws, '--adb', adb, '--json', 'graph', 'accept-routes', file],
      ...['--device', serial, '--allow-side-effects'],
    ]);
    played = await playOnPhone(ws, adb, serial, CASES);
  }, 3_000_000);

  afterAll(async () => {
    await models?.server.close();
    await phones?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the routes are right on the phone, and every graph grown from them replays its demonstrations (valid)', () => {
    for (const g of FIXTURE.grow) expect(routes.truth.get(g.id), `${g.task}: ${g.id}`).toBe(true);
    expect(grown!.code, grown!.stderr).toBe(0);
    const out = JSON.parse(grown!.stdout) as {
      recorded: { taskId: string }[];
      refused: unknown[];
      versions: { taskId: string; trust: string }[];
    };
    expect(out.refused).toEqual([]);
    expect(out.recorded).toHaveLength(FIXTURE.grow.length);
    const grownTasks = [...new Set(FIXTURE.grow.map((g) => g.task))].sort();
    expect(out.versions.map((v) => v.taskId).sort()).toEqual(grownTasks);
    for (const v of out.versions) expect(v, v.taskId).toMatchObject({ trust: 'valid' });
  });

  it('names each case once, and each is what it says: the phone passes the right paths and fails the careless ones', () => {
    expect(CASES.length - new Set(CASES.map((c) => c.name)).size).toBe(0);
    for (const c of CASES) expect(played.truth.get(c.name), `${c.task}: ${c.name}`).toBe(c.expect === 'right');
  });

  it('the offline run on the grown graphs agrees with the phone on every path', async () => {
    models = await startScriptedModels(ws, CASES, played);
    const names = [...scriptedAgentsOf(CASES).keys()].join(',');
    const run = await cli(['--json', 'run', '--mode', 'offline', '--include-online', '--agent', names, '--tasks', TASKS.join(',')]);
    expect(run.code, run.stderr).toBe(0);
    const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    const report = JSON.parse((await cli(['--json', 'report', runId])).stdout) as ReportResults;
    const verdicts = verdictsBeside(report, CASES, played);
    expect(verdicts).toHaveLength(CASES.length);
    for (const v of verdicts) expect({ case: v.case, offline: v.run }).toEqual({ case: v.case, offline: v.phone });
  }, 900_000);
});
