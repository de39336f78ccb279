import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import type { Task } from '../../../shared/schemas/task.js';
import { done, fg, presets, transferDemo } from '../../../test/support/transfer-demo.js';
import { DEFAULT_MATCH_OPTIONS } from '../graph/match.js';
import { buildGraph } from '../graph/merge.js';
import type { JudgeContext } from './judge.js';
import type { Judge } from './judge.js';
import { stateJudge } from './state-judge.js';
import { ruleDecides } from './paired-judge.js';

const graph = buildGraph('transfer', [transferDemo(1).demo], DEFAULT_SIGNATURE_CONFIG);
const judge = stateJudge((id) => (id === 'transfer' ? { graph, signature: DEFAULT_SIGNATURE_CONFIG, match: DEFAULT_MATCH_OPTIONS } : null));
const ctx = (taskId: string, screens: ReturnType<typeof presets>[]): JudgeContext => ({
  task: { id: taskId } as Task,
  instruction: '给儿子转三百',
  device: null as never,
  finalScreenshot: new Uint8Array(),
  frames: [],
  foreground: fg,
  trajectory: screens.map((ui) => ({ ui, foreground: fg })),
});

describe('the state judge (goal conditions on an online trajectory)', () => {
  it('passes when the final screen is a DONE state and the trajectory typed what the goal needs', async () => {
    expect(await judge.judge(ctx('transfer', [presets(''), presets('300'), done]))).toMatchObject({ judge: 'state', pass: true });
  });

  it('fails when the amount was another number, or the final screen is not a DONE state', async () => {
    const other = await judge.judge(ctx('transfer', [presets(''), presets('500'), done]));
    expect(other).toMatchObject({ pass: false });
    expect(other.reason).toMatch(/should be "300" \(was "500"\)/);
    expect(await judge.judge(ctx('transfer', [presets(''), presets('300')]))).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/none of the graph's DONE states/),
    });
  });

  it('cannot judge a task without a graph (never a pass)', async () => {
    expect(await judge.judge(ctx('other', [done]))).toMatchObject({ pass: null });
  });

  it('rule+state: the rule decides, the state verdict and their agreement are reported', async () => {
    const rule: Judge = {
      kind: 'rule',
      judge: async () => ({ judge: 'rule', pass: true, reason: 'checks pass' }),
      alreadyPasses: async () => false,
    };
    const both = ruleDecides('rule+state', rule, judge);
    expect(await both.judge(ctx('transfer', [presets('300'), done]))).toMatchObject({
      judge: 'rule+state',
      pass: true,
      agreement: true,
      state: { pass: true },
    });
    expect(await both.judge(ctx('transfer', [presets('500'), done]))).toMatchObject({
      pass: true,
      agreement: false,
      state: { pass: false },
    });
  });

  it("counts presses of a key the screen does not show (the volume keys) from the trajectory's actions", async () => {
    const up = { type: 'Key', key: 'VolumeUp' } as const;
    const volume = {
      ...graph,
      nodes: graph.nodes.map((n) =>
        n.done
          ? {
              ...n,
              goal: [
                {
                  id: 'p',
                  kind: 'pressed' as const,
                  key: 'press|VolumeUp',
                  label: 'VolumeUp',
                  expected: '2',
                  match: 'exact' as const,
                  source: 'derived' as const,
                },
              ],
            }
          : n,
      ),
    };
    const j = stateJudge(() => ({ graph: volume, signature: DEFAULT_SIGNATURE_CONFIG, match: DEFAULT_MATCH_OPTIONS }));
    const run = (presses: number): JudgeContext => ({
      ...ctx('transfer', []),
      trajectory: [
        ...Array.from({ length: presses }, () => ({ ui: done, foreground: fg, action: up })),
        { ui: done, foreground: fg, action: null },
      ],
    });
    expect(await j.judge(run(1))).toMatchObject({ pass: false, reason: expect.stringMatching(/VolumeUp should be "2" \(was "1"\)/) });
    expect(await j.judge(run(2))).toMatchObject({ pass: true });
  });
});
