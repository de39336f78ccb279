import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../../shared/schemas/task.js';
import type { DevicePort } from '../device/device-port.js';
import { evaluateExpect } from './check-matcher.js';
import { ruleJudge } from './rule-judge.js';

const task = (checks: { probe: string; expect: Record<string, unknown> }[]) =>
  TaskSchema.parse({
    id: 'font',
    instruction: '字太小了',
    lang: 'zh',
    app: 'Settings',
    package: 'com.android.settings',
    mode: 'online',
    annotations: { syntactic: 'Elliptical', semantic: 'Indirect Speech', scenario: 'System Settings' },
    success_checks: checks,
  });
/** A device whose shell answers each probe from a table (and records what it was asked). */
function device(answers: Record<string, string>): DevicePort & { asked: string[] } {
  const asked: string[] = [];
  return { serial: 'd', asked, shell: async (cmd: string) => (asked.push(cmd), answers[cmd] ?? '') } as unknown as DevicePort & {
    asked: string[];
  };
}
const ctx = (t: ReturnType<typeof task>, d: DevicePort) => ({
  task: t,
  instruction: t.instruction,
  device: d,
  finalScreenshot: new Uint8Array(),
  frames: [],
  foreground: null,
});

const FONT = { probe: 'settings get system font_scale', expect: { equals: '1.3' } };
const DARK = { probe: 'cmd uimode night', expect: { contains: 'yes' } };

describe('rule judge', () => {
  const judge = ruleJudge(evaluateExpect);

  it('passes when every check passes', async () => {
    const v = await judge.judge(ctx(task([FONT, DARK]), device({ [FONT.probe]: '1.3\n', [DARK.probe]: 'Night mode: yes' })));
    expect(v).toMatchObject({ judge: 'rule', pass: true, reason: 'all 2 checks passed' });
  });

  it('fails when one check fails, naming the probe and what it saw', async () => {
    const v = await judge.judge(ctx(task([FONT, DARK]), device({ [FONT.probe]: '1.0', [DARK.probe]: 'Night mode: yes' })));
    expect(v.pass).toBe(false);
    expect(v.reason).toMatch(/^settings get system font_scale: expected "1.3", got "1.0"$/);
  });

  it('cannot judge a task without checks: no verdict (null), never a pass', async () => {
    const d = device({});
    const v = await judge.judge(ctx(task([]), d));
    expect(v).toMatchObject({ pass: null, reason: expect.stringMatching(/no success_checks; use --judge vlm/) });
    expect(d.asked).toEqual([]);
  });

  it('flags a task whose checks already pass before the agent acts; a task without checks never is', async () => {
    expect(await judge.alreadyPasses(ctx(task([FONT]), device({ [FONT.probe]: '1.3' })))).toBe(true);
    expect(await judge.alreadyPasses(ctx(task([FONT]), device({ [FONT.probe]: '1.0' })))).toBe(false);
    expect(await judge.alreadyPasses(ctx(task([]), device({})))).toBe(false);
  });

  it('asks a probe again when the phone gave an empty answer (a dropped connection), and judges what it then prints', async () => {
    // The first answer is empty, as adb gives it when a phone's connection drops for a moment; the second is the state.
    const answers = ['', '1.3\n'];
    const asked: string[] = [];
    const d = { serial: 'd', shell: async (cmd: string) => (asked.push(cmd), answers.shift() ?? '') } as unknown as DevicePort;
    const v = await judge.judge(ctx(task([FONT]), d));
    expect(v).toMatchObject({ pass: true, reason: 'all 1 checks passed' });
    expect(asked).toEqual([FONT.probe, FONT.probe]);
  });

  it('gives up after asking three times: an empty answer then fails the check, naming what it saw', async () => {
    const d = device({});
    const v = await judge.judge(ctx(task([FONT]), d));
    expect(v.pass).toBe(false);
    expect(d.asked).toEqual([FONT.probe, FONT.probe, FONT.probe]);
  });
});
