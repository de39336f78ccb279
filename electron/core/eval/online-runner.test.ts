import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import type { Agent, AgentStepResult } from '../agents/agent.js';
import { ZERO_USAGE } from '../agents/agent.js';
import { ModelRefusedError } from '../agents/model-port.js';
import type { DevicePort } from '../device/device-port.js';
import { DeviceError } from '../device/device-port.js';
import type { Judge, JudgeContext } from './judge.js';
import type { OnlineOptions } from './online-runner.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask, TaskSetupError } from './online-runner.js';

const task = TaskSchema.parse({
  id: 't1', instruction: '字太小了', lang: 'zh', app: 'Settings', package: 'com.android.settings', mode: 'online',
  annotations: { syntactic: 'Elliptical', semantic: 'Indirect Speech', scenario: 'System Settings' }, setup: ['settings put system font_scale 1.0'],
});

function device(shell: (cmd: string) => Promise<string> = async () => ''): DevicePort {
  const none = async (): Promise<void> => undefined;
  return {
    serial: 'fake-1', info: async () => { throw new Error('unused'); }, screenshot: async () => new Uint8Array(), uiDump: async () => '',
    foreground: async () => null, tap: none, longPress: none, swipe: none, type: none, key: none, launch: none, shell,
  };
}

function judge(pass: boolean | null = true): Judge & { seen: JudgeContext[] } {
  const seen: JudgeContext[] = [];
  return {
    kind: 'rule',
    seen,
    judge: async (ctx) => {
      seen.push(ctx);
      return { judge: 'rule', pass, reason: 'fake' };
    },
    alreadyPasses: async () => false,
  };
}

const result = (action: Action): AgentStepResult => ({
  raw: JSON.stringify(action), action, timings: { reasoning_ms: 1, parsing_ms: 0 }, usage: ZERO_USAGE, thought: '', extras: [], flags: {} as AgentStepResult['flags'],
  reasoningContent: null, sent: null, attempts: 1,
  historyEntry: { raw: '', action, thought: '', actionText: '', flags: {} as AgentStepResult['flags'], image: null, currentApp: null },
});

function scripted(actions: Action[]): Agent {
  let i = 0;
  return { name: 'fake', adapter: 'fake', step: async () => result(actions[Math.min(i++, actions.length - 1)]!) };
}

let frameNo = 0;
const capture = async () => ({
  observation: { screenshot: null, screen: { width: 1080, height: 2400 }, ui: null },
  png: Uint8Array.of(frameNo++), blob: null, foreground: null,
});

function deps(agent: Agent, j: Judge, options: Partial<OnlineOptions> = {}, dev = device()) {
  return {
    device: dev, agent, task, instruction: task.instruction, judge: j, capture, record: () => undefined,
    resolvePackage: () => null, sleep: async () => undefined, now: () => performance.now(),
    options: { ...DEFAULT_ONLINE_OPTIONS, ...options },
  };
}

describe('the online deadline', () => {
  it('aborts a model call in flight and ends the task `timeout` at the deadline, not when the call returns', async () => {
    let signalSeen: AbortSignal | undefined;
    // A model that never answers unless aborted (as a hung HTTP request).
    const hung: Agent = {
      name: 'hung', adapter: 'fake',
      step: (_o, _i, _h, signal) => {
        signalSeen = signal;
        return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
      },
    };
    const j = judge(true);
    const t0 = performance.now();
    const o = await runOnlineTask(deps(hung, j, { timeoutS: 1 }));
    const wallS = (performance.now() - t0) / 1000;
    expect(o.exit).toBe('timeout');
    expect(o.success).toBe(false);
    expect(signalSeen?.aborted).toBe(true);
    const elapsed = o.details.elapsedS as number;
    expect(elapsed).toBeGreaterThanOrEqual(0.99);
    expect(elapsed).toBeLessThan(2);
    expect(wallS).toBeLessThan(2);
    expect(j.seen).toHaveLength(1); // still judged, for the reviewer
  });

  it('also ends at the deadline when the agent ignores the signal', async () => {
    const deaf: Agent = { name: 'deaf', adapter: 'fake', step: () => new Promise(() => undefined) };
    const o = await runOnlineTask(deps(deaf, judge(), { timeoutS: 1 }));
    expect(o.exit).toBe('timeout');
    expect(o.details.elapsedS as number).toBeLessThan(2);
  });

  it('a task that finishes in time is not touched by the deadline (and no timer is left behind)', async () => {
    const o = await runOnlineTask(deps(scripted([{ type: 'Back' }, { type: 'Finish' }]), judge(true), { timeoutS: 60 }));
    expect(o).toMatchObject({ exit: 'finished', success: true, steps: 2 });
  });
});

describe('how online tasks end', () => {
  it('Finish(status: failure) is the agent giving up, never a success even when the judge passes', async () => {
    const o = await runOnlineTask(deps(scripted([{ type: 'Finish', status: 'failure' }]), judge(true)));
    expect(o).toMatchObject({ exit: 'gave_up', success: false });
    const ok = await runOnlineTask(deps(scripted([{ type: 'Finish', status: 'success' }]), judge(true)));
    expect(ok).toMatchObject({ exit: 'finished', success: true });
  });

  it('a refused request (HTTP 400, content filter) ends the task as the agent\'s failure', async () => {
    const refusing: Agent = { name: 'r', adapter: 'fake', step: async () => { throw new ModelRefusedError('HTTP 400: context too long', 400); } };
    const o = await runOnlineTask(deps(refusing, judge(true)));
    expect(o).toMatchObject({ exit: 'model_refused', success: false, steps: 0 });
    expect(o.details.refusal).toMatch(/context too long/);
  });

  it('the judge sees screens from the whole trajectory, the first one included', async () => {
    frameNo = 0;
    const j = judge(false);
    const actions: Action[] = [...Array.from({ length: 29 }, (): Action => ({ type: 'Back' })), { type: 'Finish' }];
    await runOnlineTask(deps(scripted(actions), j, { maxSteps: 40 }));
    const frames = j.seen[0]!.frames.map((f) => f[0]);
    expect(frames[0]).toBe(0);
    expect(frames).toHaveLength(30);
  });

  it('a setup command failing on a live device is a TaskSetupError; on a dead device the device error stays', async () => {
    const live = device(async (cmd) => {
      if (cmd.startsWith('settings')) throw new DeviceError('exit 1', 'fake-1');
      return 'ok\n';
    });
    const e = await runOnlineTask(deps(scripted([{ type: 'Finish' }]), judge(), {}, live)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TaskSetupError);
    expect(e).toBeInstanceOf(DeviceError); // so the pool still tries another device
    const dead = device(async () => { throw new DeviceError('device offline', 'fake-1', 'disconnected'); });
    const d = await runOnlineTask(deps(scripted([{ type: 'Finish' }]), judge(), {}, dead)).catch((x: unknown) => x);
    expect(d).toBeInstanceOf(DeviceError);
    expect(d).not.toBeInstanceOf(TaskSetupError);
  });
});
