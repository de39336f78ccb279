import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { Agent } from '../../../electron/core/agents/agent.js';
import { evaluateExpect } from '../../../electron/core/eval/check-matcher.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask } from '../../../electron/core/eval/online-runner.js';
import { ruleJudge } from '../../../electron/core/eval/rule-judge.js';
import type { VariantName } from '../../../electron/core/eval/variants.js';
import { captureObservation } from '../../../electron/core/recording/capture.js';
import type { ScriptStep } from '../../../electron/core/recording/script.js';
import { isTargetStep, resolveScriptStep } from '../../../electron/core/recording/script.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { resolvePackage } from '../../../electron/services/devices/app-packages.js';
import type { SideEffectsRecord } from '../../../shared/domain/side-effects.js';
import { stepResult } from '../../support/scripted-agent.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { loadSampleTasks } from '../sample-tasks/sample-set.js';

/**
 * A robustness variant is part of the starting state: the setting it applied is not the agent's side
 * effect, and an agent that changes that same setting is not blamed (the variant puts it back); any
 * other change is reported as in every run. Questions answered by the simulated older adult touch no
 * device and shift no step.
 */
const task = loadSampleTasks().find((t) => t.id === 'settings-bluetooth-on')!;
const tap = (on: string): ScriptStep => ({ type: 'Tap', on });
const back: ScriptStep = { type: 'Back' };
const BLUETOOTH: ScriptStep[] = [tap('已连接的设备'), tap('使用蓝牙')];
const FONT: ScriptStep[] = [tap('显示'), tap('字体大小'), tap('大'), back];

/** Plays label-addressed steps, resolving each on the screen the agent is shown (as a person finds a button). */
function labelAgent(steps: ScriptStep[]): Agent {
  let i = 0;
  return {
    name: 'labels',
    adapter: 'scripted',
    step: async (obs) => {
      const s = steps[i++] ?? { type: 'Finish', status: 'success', message: '' };
      return stepResult(isTargetStep(s) ? resolveScriptStep(s, obs.ui!, obs.screen) : s);
    },
  };
}

describe('side effects under a robustness variant and with questions answered', () => {
  const phones = useVirtualPhones();

  async function play(steps: ScriptStep[], variant: VariantName | null, askUser = false) {
    const server = await phones({ locale: 'zh', seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) });
    const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
    const screen = (await device.info()).screen;
    const o = await runOnlineTask({
      device,
      agent: labelAgent(steps),
      task,
      instruction: task.instruction,
      judge: ruleJudge(evaluateExpect),
      record: () => undefined,
      resolvePackage,
      sleep,
      now: () => performance.now(),
      variant,
      sideEffects: { policy: 'step', failOnSideEffects: false },
      ...(askUser
        ? { askUser: async (question: string) => ({ question, answer: '打开就行', source: 'simulated' as const, ms: 1, usage: null }) }
        : {}),
      capture: async () => {
        const obs = await captureObservation(device);
        return {
          observation: { screenshot: obs.screenshot, screen, ui: parseUiXml(obs.xml), currentApp: obs.foreground?.package ?? null },
          png: obs.screenshot,
          blob: null,
          foreground: obs.foreground,
        };
      },
      options: { ...DEFAULT_ONLINE_OPTIONS, maxSteps: 12 },
    });
    return { o, fx: o.details['sideEffects'] as SideEffectsRecord, system: await device.shell('settings list system') };
  }

  const launch: ScriptStep = { type: 'LaunchApp', app: 'com.android.settings' };

  it('font-large: the variant is not a side effect, and it is put back after the task', async () => {
    const r = await play([launch, ...BLUETOOTH], 'font-large');
    expect(r.o).toMatchObject({ success: true, exit: 'finished' });
    expect(r.fx.effects).toEqual([]);
    expect(r.system).toMatch(/^font_scale=1\.0$/m);
  });

  it("font-large: an agent that changes the font size is not blamed for the variant's setting", async () => {
    const r = await play([launch, ...FONT, ...BLUETOOTH], 'font-large');
    expect(r.o.success).toBe(true);
    expect(r.fx.effects).toEqual([]);
    expect(r.fx.expected.map((c) => c.address)).toContain('font_scale');
  });

  it('without the variant, the same font change is a side effect at the step that made it', async () => {
    const r = await play([launch, ...FONT, ...BLUETOOTH], null);
    expect(r.o.success).toBe(true);
    expect(r.fx.effects).toEqual([expect.objectContaining({ step: 3, kind: 'setting', irreversible: false })]);
    expect(r.fx.effects[0]!.summary).toMatch(/font_scale: "1\.0" → "1\.15"/);
  });

  it('a question answered by the simulated user is a step of its own and changes nothing', async () => {
    const r = await play([{ type: 'AskUser', message: '要打开蓝牙吗？' }, launch, ...FONT, ...BLUETOOTH], null, true);
    expect(r.o.success).toBe(true);
    expect(r.fx.effects.map((e) => e.step)).toEqual([4]); // one step later: the question was step 0
  });
});
