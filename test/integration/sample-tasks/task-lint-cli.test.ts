import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/fixtures.js';
import { cliToEnd } from '../../support/cli-process.js';
import { useTempDirs } from '../../support/temp-dir.js';

/**
 * `elderbench tasks lint`: the sample set passes it; tasks whose checks can pass by accident fail
 * it, each for its own reason — made from sample tasks by weakening one check, with their scripts.
 */
interface LintOut {
  errors: number;
  warnings: number;
  tasks: { taskId: string; played: boolean; findings: { level: string; rule: string; message: string }[] }[];
}

const SAMPLE = join(REPO_ROOT, 'tasks/sample');
type RawTask = Record<string, unknown> & { id: string; success_checks: unknown[]; setup: string[]; footprint?: unknown[] };
const sample = (JSON.parse(readFileSync(join(SAMPLE, 'tasks.json'), 'utf8')) as { tasks: RawTask[] }).tasks;
const from = (
  id: string,
  over: Partial<RawTask>,
  newId: string,
  demos: string[] = ['1'],
): { task: RawTask; demos: [string, string][] } => ({
  task: { ...sample.find((t) => t.id === id)!, ...over, id: newId },
  demos: demos.map((n) => [n, join(SAMPLE, 'demos', id, `${n}.json`)]),
});
const st = (pkg: string) => `cmd vphone state ${pkg}`;

const WEAK = [
  // The goal is set by the setup itself: doing nothing passes.
  from('weather-celsius', { setup: ['cmd vphone reset', 'cmd vphone state set com.vphone.weather \'{"unit":"C"}\''] }, 'weak-at-start'),
  // Passes once the first of three updates is done.
  from(
    'store-updates',
    {
      success_checks: [
        {
          probe: st('com.vphone.appstore'),
          expect: { json_path: 'updatesPending', one_of_json: [['radio', 'flashlight'], ['flashlight'], []] },
        },
      ],
    },
    'weak-early',
    ['2'],
  ),
  // Reads the minute only (of the unlabelled alarms): the hour typed could be anything.
  from(
    'clock-alarm-set',
    {
      success_checks: [
        { probe: st('com.android.deskclock'), expect: { json_path: 'alarms[minute=30,label=].enabled', equals_json: true } },
      ],
    },
    'weak-content',
  ),
  // A positional check, and no footprint.
  from(
    'clock-no-early-alarm',
    {
      success_checks: [{ probe: st('com.android.deskclock'), expect: { json_path: 'alarms.0.enabled', equals_json: false } }],
      footprint: undefined,
    },
    'weak-positional',
  ),
  // A footprint that leaves out the call the task makes: the demonstration's call is an undeclared change.
  from('phone-call-doctor', { footprint: [] }, 'weak-footprint'),
];

describe('elderbench tasks lint', () => {
  const tmp = useTempDirs();

  it('fails each kind of weak check, for its reason, and passes the sample set', { timeout: 900_000 }, async () => {
    const dir = tmp();
    for (const w of WEAK)
      for (const [n, src] of w.demos) {
        mkdirSync(join(dir, 'demos', w.task.id), { recursive: true });
        cpSync(src, join(dir, 'demos', w.task.id, `${n}.json`));
      }
    // Not weak: a script that launches the app by the name the file gives it (天气), as `record --script` takes it.
    const byName = { ...sample.find((t) => t.id === 'weather-umbrella-tomorrow')!, id: 'by-name' };
    mkdirSync(join(dir, 'demos', 'by-name'), { recursive: true });
    writeFileSync(
      join(dir, 'demos', 'by-name', '1.json'),
      JSON.stringify([{ type: 'LaunchApp', app: '天气' }, { type: 'Tap', on: '明天' }, { type: 'Finish' }]),
    );
    const tasks = [...WEAK.map((w) => w.task), byName];
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ format: 'elderbench.tasks/1', name: 'weak', tasks }));
    const weak = await cliToEnd(['--json', 'tasks', 'lint', join(dir, 'tasks.json')]);
    expect(weak.code, weak.stderr).toBe(1);
    const out = JSON.parse(weak.stdout) as LintOut;
    const rules = (id: string, level = 'error') =>
      out.tasks
        .find((t) => t.taskId === id)!
        .findings.filter((f) => f.level === level)
        .map((f) => f.rule);
    expect(out.tasks.every((t) => t.played)).toBe(true);
    expect(rules('weak-at-start')).toContain('passes-at-start');
    expect(rules('weak-early')).toEqual(['passes-early']);
    expect(rules('weak-content')).toEqual(['passes-without-content']);
    expect(out.tasks.find((t) => t.taskId === 'weak-content')!.findings[0]!.message).toMatch(/without step 4 \(Type "5"\)/);
    expect(rules('weak-positional')).toEqual([]);
    expect(rules('weak-positional', 'warning').sort()).toEqual(['no-footprint', 'positional']);
    expect(rules('weak-footprint')).toEqual(['demo-side-effect']);
    expect(out.tasks.find((t) => t.taskId === 'weak-footprint')!.findings[0]!.message).toMatch(/called .*13800000003.* at step 4/);
    expect(out.tasks.find((t) => t.taskId === 'by-name')!.findings).toEqual([]);

    // The sample set, as shipped: no error, no warning.
    const ok = await cliToEnd(['--json', 'tasks', 'lint', join(SAMPLE, 'tasks.json')]);
    expect(ok.code, ok.stderr).toBe(0);
    const good = JSON.parse(ok.stdout) as LintOut;
    expect(good.tasks.filter((t) => t.findings.length > 0).map((t) => ({ id: t.taskId, f: t.findings }))).toEqual([]);
    expect(good.tasks.every((t) => t.played)).toBe(true);
    expect(good.tasks).toHaveLength(72);
  });
});
