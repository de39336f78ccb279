import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import type { Agent } from '../agents/agent.js';
import { ModelRefusedError } from '../agents/model-port.js';
import type { DevicePort } from '../device/device-port.js';
import { DeviceError } from '../device/device-port.js';
import type { Judge, JudgeContext } from './judge.js';
import type { StepRecord } from './outcome.js';
import type { OnlineOptions } from './online-runner.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask, TaskSetupError } from './online-runner.js';
import { errorMessage } from '../../../shared/error-message.js';
import { stepResult } from '../../../test/support/scripted-agent.js';

const task = TaskSchema.parse({
  id: 't1',
  instruction: '字太小了',
  lang: 'zh',
  app: 'Settings',
  package: 'com.android.settings',
  mode: 'online',
  annotations: { syntactic: 'Elliptical', semantic: 'Indirect Speech', scenario: 'System Settings' },
  setup: ['settings put system font_scale 1.0'],
});

function device(shell: (cmd: string) => Promise<string> = async () => ''): DevicePort {
  const none = async (): Promise<void> => undefined;
  return {
    serial: 'fake-1',
    info: async () => {
      throw new Error('unused');
    },
    screenshot: async () => new Uint8Array(),
    uiDump: async () => '',
    foreground: async () => null,
    tap: none,
    longPress: none,
    swipe: none,
    type: none,
    key: none,
    launch: none,
    shell,
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

const result = stepResult;

function scripted(actions: Action[]): Agent {
  let i = 0;
  return { name: 'fake', adapter: 'fake', step: async () => result(actions[Math.min(i++, actions.length - 1)]!) };
}

let frameNo = 0;
const capture = async () => ({
  observation: { screenshot: null, screen: { width: 1080, height: 2400 }, ui: null },
  png: Uint8Array.of(frameNo++),
  blob: null,
  foreground: null,
});

function deps(agent: Agent, j: Judge, options: Partial<OnlineOptions> = {}, dev = device()) {
  return {
    device: dev,
    agent,
    task,
    instruction: task.instruction,
    judge: j,
    capture,
    record: () => undefined,
    resolvePackage: () => null,
    sleep: async () => undefined,
    now: () => performance.now(),
    options: { ...DEFAULT_ONLINE_OPTIONS, ...options },
  };
}

describe('the online deadline', () => {
  it('aborts a model call in flight and ends the task `timeout` at the deadline, not when the call returns', async () => {
    let signalSeen: AbortSignal | undefined;
    // A model that never answers unless aborted (as a hung HTTP request).
    const hung: Agent = {
      name: 'hung',
      adapter: 'fake',
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

  it("a refused request (HTTP 400, content filter) ends the task as the agent's failure", async () => {
    const refusing: Agent = {
      name: 'r',
      adapter: 'fake',
      step: async () => {
        throw new ModelRefusedError('HTTP 400: context too long', 400);
      },
    };
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
    const dead = device(async () => {
      throw new DeviceError('device offline', 'fake-1', 'disconnected');
    });
    const d = await runOnlineTask(deps(scripted([{ type: 'Finish' }]), judge(), {}, dead)).catch((x: unknown) => x);
    expect(d).toBeInstanceOf(DeviceError);
    expect(d).not.toBeInstanceOf(TaskSetupError);
  });
});

describe('asking the user online', () => {
  const ask = (message = '她是谁?'): Action => ({ type: 'AskUser', message });
  const turn = (question: string, answer: string | null) => ({ question, answer, source: 'scripted' as const, ms: 0, usage: null });

  function watched(agentActions: Action[]) {
    const histories: unknown[][] = [];
    let i = 0;
    const agent: Agent = {
      name: 'asker',
      adapter: 'fake',
      step: async (_o, _i, h) => {
        histories.push(h.map((e) => e.userReply));
        return result(agentActions[Math.min(i++, agentActions.length - 1)]!);
      },
    };
    const touched: string[] = [];
    const dev = device();
    for (const k of ['tap', 'longPress', 'swipe', 'type', 'key', 'launch'] as const)
      (dev as unknown as Record<string, unknown>)[k] = async () => void touched.push(k);
    return { agent, histories, touched, dev };
  }

  it("without anyone to answer, AskUser ends the task (today's single-turn behaviour)", async () => {
    const o = await runOnlineTask(deps(scripted([ask(), { type: 'Finish' }]), judge(true)));
    expect(o).toMatchObject({ exit: 'ask_user', success: false, steps: 1 });
  });

  it('an answered question costs no device action, and the answer reaches the agent with its history', async () => {
    const w = watched([ask(), { type: 'Back' }, { type: 'Finish' }]);
    const steps: StepRecord[] = [];
    const o = await runOnlineTask({
      ...deps(w.agent, judge(true), {}, w.dev),
      record: (s: StepRecord) => void steps.push(s),
      askUser: async (q: string) => turn(q, '我闺女刘芳'),
    });
    expect(o).toMatchObject({ exit: 'finished', success: true, steps: 3 });
    expect(w.touched).toEqual(['key']); // only the Back
    expect(steps[0]!.details.user).toEqual(turn('她是谁?', '我闺女刘芳'));
    expect(steps[0]!.timings.device_ms).toBe(0);
    expect(w.histories).toEqual([[], ['我闺女刘芳'], ['我闺女刘芳', undefined]]);
  });

  it('a question nobody has an answer for ends the task as ask_user, with the question recorded', async () => {
    const steps: StepRecord[] = [];
    const o = await runOnlineTask({
      ...deps(scripted([ask('几点?'), { type: 'Finish' }]), judge(true)),
      record: (s: StepRecord) => void steps.push(s),
      askUser: async (q: string) => turn(q, null),
    });
    expect(o).toMatchObject({ exit: 'ask_user', steps: 1 });
    expect(steps[0]!.details.user).toMatchObject({ question: '几点?', answer: null });
  });

  it("the user's time does not count against the agent's deadline; the timer is moved by it", async () => {
    let clock = 0;
    const timers: number[] = [];
    const agent: Agent = {
      name: 'slow-user',
      adapter: 'fake',
      step: async (_o, _i, h) => {
        clock += 200; // each model call takes 0.2 s
        return result(h.length === 0 ? ask() : { type: 'Finish' });
      },
    };
    const o = await runOnlineTask({
      ...deps(agent, judge(true), { timeoutS: 1 }),
      now: () => clock,
      setTimer: (ms: number) => {
        timers.push(ms);
        return () => undefined;
      },
      askUser: async (q: string) => {
        clock += 5000;
        return turn(q, '刘芳');
      }, // a slow simulator
    });
    expect(o).toMatchObject({ exit: 'finished', success: true });
    expect(o.details.userS).toBe(5);
    expect(timers).toEqual([1000, 800]);
    // The same wall time spent by the agent itself is a timeout.
    clock = 0;
    const slowAgent: Agent = {
      name: 'slow',
      adapter: 'fake',
      step: async (_o, _i, h) => {
        clock += h.length === 0 ? 5200 : 200;
        return result(h.length === 0 ? { type: 'Back' } : { type: 'Finish' });
      },
    };
    expect(
      (await runOnlineTask({ ...deps(slowAgent, judge(true), { timeoutS: 1 }), now: () => clock, setTimer: () => () => undefined })).exit,
    ).toBe('timeout');
  });
});

describe('robustness variants online', () => {
  function settingsDevice(opts: { ignorePut?: boolean } = {}) {
    const log: string[] = [];
    const table = new Map<string, string>([['system font_scale', '1.0']]);
    const dev = device(async (cmd) => {
      log.push(cmd);
      const m = /^settings (get|put|delete) (\w+) (\w+)(?: (\S+))?$/.exec(cmd);
      if (m?.[1] === 'get') return `${table.get(`${m[2]} ${m[3]}`) ?? 'null'}\n`;
      if (m?.[1] === 'put' && !opts.ignorePut) table.set(`${m[2]} ${m[3]}`, m[4]!);
      return cmd === 'echo ok' ? 'ok\n' : '';
    });
    return { dev, log, table };
  }

  it('applies the variant after the setup (the precheck sees it) and restores it after the judge', async () => {
    const d = settingsDevice();
    const order: string[] = [];
    const j = judge(true);
    const o = await runOnlineTask({
      ...deps(
        scripted([{ type: 'Finish' }]),
        {
          ...j,
          alreadyPasses: async () => {
            order.push(`precheck at ${d.table.get('system font_scale')}`);
            return false;
          },
          judge: async (c) => {
            order.push(`judge at ${d.table.get('system font_scale')}`);
            return j.judge(c);
          },
        },
        {},
        d.dev,
      ),
      variant: 'font-large',
    });
    expect(o).toMatchObject({
      exit: 'finished',
      details: { variant: { name: 'font-large', commands: ['settings put system font_scale 1.3'] } },
    });
    expect(order).toEqual(['precheck at 1.3', 'judge at 1.3']);
    expect(d.log.lastIndexOf('settings put system font_scale 1.0')).toBeGreaterThan(d.log.indexOf('settings put system font_scale 1.3'));
    expect(d.log[0]).toBe('settings put system font_scale 1.0'); // the task's own setup came first
    expect(d.table.get('system font_scale')).toBe('1.0');
  });

  it('a device that ignores the change fails the setup there (tried elsewhere, invalid if everywhere) instead of running unchanged', async () => {
    const d = settingsDevice({ ignorePut: true });
    const e = await runOnlineTask({ ...deps(scripted([{ type: 'Finish' }]), judge(true), {}, d.dev), variant: 'font-large' }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(TaskSetupError);
    expect(errorMessage(e)).toMatch(/font_scale 1\.3.*did not take effect/);
  });
});

describe('online verdicts: success needs the agent to finish and the judge to pass', () => {
  const precheck = (passes: boolean): Judge => ({ ...judge(true), alreadyPasses: async () => passes });

  it('fails when the agent finishes but the judge does not pass', async () => {
    const o = await runOnlineTask(deps(scripted([{ type: 'Back' }, { type: 'Finish' }]), judge(false)));
    expect(o).toMatchObject({ exit: 'finished', success: false, steps: 2, details: { judge: { pass: false } } });
  });

  it("fails, and is the judge's fault, when its verdict cannot be read (judge_error, not a pass)", async () => {
    const o = await runOnlineTask(deps(scripted([{ type: 'Finish' }]), judge(null)));
    expect(o).toMatchObject({ exit: 'judge_error', success: false });
  });

  it('fails when the judge passes but the agent never finished (the step limit)', async () => {
    const o = await runOnlineTask(deps(scripted([{ type: 'Back' }]), judge(true), { maxSteps: 3 }));
    expect(o).toMatchObject({ exit: 'step_limit', success: false, steps: 3 });
  });

  it('a task whose checks pass before the agent acts is invalid: not scored, and the agent never ran', async () => {
    let asked = 0;
    const agent: Agent = { name: 'a', adapter: 'fake', step: async () => (asked++, result({ type: 'Finish' })) };
    const o = await runOnlineTask(deps(agent, precheck(true)));
    expect(o).toMatchObject({ exit: 'invalid_task', success: false, steps: 0 });
    expect(asked).toBe(0);
    expect(await runOnlineTask(deps(scripted([{ type: 'Finish' }]), precheck(false)))).toMatchObject({ exit: 'finished', success: true });
  });

  it('ends on the configured number of unreadable replies in a row; a readable one in between resets the count', async () => {
    const bad = { type: 'ParseError', raw: '??', reason: 'no action' } as const;
    const ended = await runOnlineTask(deps(scripted([bad, bad, bad, { type: 'Finish' }]), judge(true), { maxParseErrors: 3 }));
    expect(ended).toMatchObject({ exit: 'parse_error', success: false, steps: 3 });
    const recovered = await runOnlineTask(
      deps(scripted([bad, bad, { type: 'Back' }, bad, bad, { type: 'Finish' }]), judge(true), { maxParseErrors: 3 }),
    );
    expect(recovered).toMatchObject({ exit: 'finished', success: true, steps: 6 });
  });

  it('an app the agent names that is not installed is its mistake, recorded on the step, not a device failure', async () => {
    const steps: StepRecord[] = [];
    const o = await runOnlineTask({
      ...deps(scripted([{ type: 'LaunchApp', app: 'NoSuchApp' }, { type: 'Finish' }]), judge(true)),
      record: (s: StepRecord) => steps.push(s),
    });
    expect(o).toMatchObject({ exit: 'finished', success: true });
    expect(steps[0]!.details.invalidAction).toMatch(/NoSuchApp/);
  });
});
