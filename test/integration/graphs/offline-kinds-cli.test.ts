import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { startSamplePhones } from '../../../electron/services/devices/sample-phones.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { cliToEnd } from '../../support/cli-process.js';
import type { OfflineCase, PlayedCases, ReportResults, ScriptedModels } from '../../support/offline-cases.js';
import { playOnPhone, scriptedAgentsOf, startScriptedModels, verdictsBeside } from '../../support/offline-cases.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';

/**
 * What went wrong with offline verdicts, by kind, played through `elderbench run` with a scripted model
 * behind the `vlm` adapter: each case is a path of its own (test/fixtures/offline-kinds/cases.json, label
 * addressed), resolved on the sample phone and judged there by the task's checks (the truth), then scored
 * offline against graphs built from the sample demonstrations alone (the suite's shared demo workspace), and —
 * for the online tasks — online on the same phone. Must-pass cases (another field order, back and forth,
 * overshoot and correct, the instruction's own words, a refused confirm, a selected tab tapped again, presets
 * whose layout moves, a swipe where nothing scrolls, the tab bar on a scrolled page, a search box focused on the
 * way, a control that turns in place turned back, a message with a negation that does not reach its key term)
 * must succeed offline; must-fail ones (the retracted day, the opposite word, a key term denied — 我还没有到家呢 —,
 * text typed over a prefilled field, a wrong text where the demonstrations disagreed, an overshoot left in place, a
 * control left turned, the task left undone after those same moves) must fail.
 */

const CASES = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/offline-kinds/cases.json'), 'utf8')) as OfflineCase[];
const TASKS = [...new Set(CASES.map((c) => c.task))];

describe('offline verdicts by kind, through elderbench run with a scripted vlm model', () => {
  let dir = '';
  let ws = '';
  let phones: VirtualPhoneServer | null = null;
  let models: ScriptedModels | null = null;
  let played: PlayedCases = { actions: new Map(), truth: new Map() };
  const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args]);

  beforeAll(async () => {
    // The suite's demo workspace (every sample task, graphs from the human demonstrations alone), copied.
    dir = mkdtempSync(join(tmpdir(), 'eb-kinds-'));
    ws = (await copyOfSharedDemo(dir)).workspace;
    // Every case played on the sample phone: its actions as a model would send them, and the phone's verdict.
    phones = await startSamplePhones(1);
    played = await playOnPhone(ws, `127.0.0.1:${phones.port}`, phones.serials[0]!, CASES);
  }, 3_000_000);

  afterAll(async () => {
    await models?.server.close();
    await phones?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names each case once (verdicts are kept by name)', () => {
    expect(CASES.length - new Set(CASES.map((c) => c.name)).size).toBe(0);
  });

  it('each case is what it says: the phone passes the right paths and fails the wrong ones', () => {
    for (const c of CASES) expect(played.truth.get(c.name), `${c.task}: ${c.name}`).toBe(c.expect === 'right');
  });

  it('offline (online tasks included on request) agrees with the phone on every case; online agrees too, κ = τ = 1', async () => {
    const agents = scriptedAgentsOf(CASES);
    const check = new Backend({ workspace: ws, userDataDir: mkdtempSync(join(tmpdir(), 'eb-user-')) });
    const modes = new Map(TASKS.map((id) => [id, check.workspace.tasks.get(id)!.mode]));
    check.close();
    models = await startScriptedModels(ws, CASES, played);
    const names = [...agents.keys()].join(',');

    // Without --include-online the online tasks are left out, and the run says so (one agent is enough to see it).
    const partial = await cli(['--json', 'run', '--mode', 'offline', '--agent', [...agents.keys()][0]!, '--tasks', TASKS.join(',')]);
    expect(partial.code, partial.stderr).toBe(0);
    const online = TASKS.filter((id) => modes.get(id) === 'online');
    expect(partial.stderr).toContain(`left out ${online.length} task(s)`);
    expect((JSON.parse(partial.stdout) as { leftOut: unknown[] }).leftOut).toHaveLength(online.length);

    models.restart();
    const off = await cli(['--json', 'run', '--mode', 'offline', '--include-online', '--agent', names, '--tasks', TASKS.join(',')]);
    expect(off.code, off.stderr).toBe(0);
    const offId = (JSON.parse(off.stdout) as { runId: string }).runId;
    const offReport = JSON.parse((await cli(['--json', 'report', offId])).stdout) as ReportResults;
    for (const v of verdictsBeside(offReport, CASES, played))
      expect({ case: v.case, offline: v.run }).toEqual({ case: v.case, offline: v.phone });

    // The online tasks played on the phone by two of the same scripted agents (one with right paths, one with careless
    // ones: every agent on every online task costs minutes and shows nothing more), and the two runs compared.
    const both = ['right-1', 'wrong-1'].filter((n) => agents.has(n));
    models.restart();
    const on = await cliToEnd([
      '--workspace',
      ws,
      '--adb',
      `127.0.0.1:${phones!.port}`,
      '--json',
      'run',
      '--mode',
      'online',
      '--agent',
      both.join(','),
      '--tasks',
      online.join(','),
      '--devices',
      phones!.serials[0]!,
    ]);
    expect(on.code, on.stderr).toBe(0);
    const onId = (JSON.parse(on.stdout) as { runId: string }).runId;
    const cmp = JSON.parse((await cli(['--json', 'report', '--compare', `${offId},${onId}`])).stdout) as {
      modes: {
        agreement: { agents: { agent: string; tasks: number; agreement: number; kappa: number | null }[]; rankingTau: number | null };
      };
    };
    expect(
      cmp.modes.agreement.agents
        .filter((a) => both.includes(a.agent))
        .map((a) => a.agent)
        .sort(),
    ).toEqual([...both].sort());
    for (const a of cmp.modes.agreement.agents.filter((x) => both.includes(x.agent))) {
      expect(a, a.agent).toMatchObject({ tasks: online.length, agreement: 1 });
      expect(a.kappa === null || a.kappa === 1, `${a.agent}: κ ${a.kappa}`).toBe(true);
    }
    expect(cmp.modes.agreement.rankingTau).toBe(1);
  }, 900_000);
});
