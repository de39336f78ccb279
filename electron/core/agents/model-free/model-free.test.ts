import { describe, expect, it } from 'vitest';
import { ActionSchema } from '../../../../shared/domain/action.js';
import type { Action } from '../../../../shared/domain/action.js';
import type { AgentHistoryEntry, AgentObservation } from '../agent.js';
import { mixSeed, mulberry32 } from '../../random/rng.js';
import { RandomAgent, randomAction } from './random.js';
import { ReplayAgent } from './replay.js';

const OBS: AgentObservation = { screenshot: null, screen: { width: 1080, height: 2400 }, ui: null };

async function run(agent: RandomAgent | ReplayAgent, n: number): Promise<Action[]> {
  const history: AgentHistoryEntry[] = [];
  for (let i = 0; i < n; i++) history.push((await agent.step(OBS, 'x', history)).historyEntry);
  return history.map((h) => h.action);
}

describe('replay agent', () => {
  it('plays the demonstration in order, then finishes saying so', async () => {
    const demo: Action[] = [
      { type: 'LaunchApp', app: '设置' },
      { type: 'Tap', at: { x: 500, y: 420 } },
    ];
    const actions = await run(new ReplayAgent('r', demo), 3);
    expect(actions.slice(0, 2)).toEqual(demo);
    expect(actions[2]).toEqual({ type: 'Finish', message: 'end of the demonstration (2 actions)' });
  });
});

describe('random agent', () => {
  it('is deterministic for a seed and differs across seeds', async () => {
    const a = await run(new RandomAgent('x', 11), 30);
    const b = await run(new RandomAgent('y', 11), 30);
    const c = await run(new RandomAgent('z', 12), 30);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('always draws a valid canonical action, with every kind showing up', () => {
    const kinds = new Set<string>();
    for (let k = 0; k < 2000; k++) {
      const a = randomAction(mulberry32(mixSeed(5, k)).next);
      expect(ActionSchema.safeParse(a).success).toBe(true);
      kinds.add(a.type);
    }
    expect([...kinds].sort()).toEqual(['Back', 'Finish', 'Home', 'LongPress', 'Swipe', 'Tap', 'Type', 'Wait']);
  });

  it('mulberry32 gives the same numbers everywhere (pinned values)', () => {
    const r = mulberry32(1).next;
    expect([r(), r(), r()].map((v) => v.toFixed(6))).toEqual(['0.627074', '0.002736', '0.527447']);
  });
});
