import type { Action, NormPoint } from '../../../../shared/domain/action.js';
import type { Agent, AgentHistoryEntry, AgentObservation, AgentStepResult } from '../agent.js';
import { mixSeed, mulberry32 } from '../../random/rng.js';
import { modelFreeResult } from './result.js';

/**
 * The floor: a seeded random valid action. Step k draws from PRNG(seed, k), so a run is
 * reproducible from (seed, step) alone. Weights favour taps, as real agents do; Finish is rare
 * (5 %) so the floor's success share is not just "finish on the first screen".
 */
const WEIGHTS: [Action['type'], number][] = [
  ['Tap', 50],
  ['Swipe', 15],
  ['LongPress', 5],
  ['Back', 10],
  ['Home', 3],
  ['Type', 7],
  ['Wait', 5],
  ['Finish', 5],
];
const WORDS = ['音量', '设置', '字体', 'hello', '天气', '123'];

export class RandomAgent implements Agent {
  readonly adapter = 'random';

  constructor(
    readonly name: string,
    private readonly seed: number,
  ) {}

  async step(obs: AgentObservation, _instruction: string, history: readonly AgentHistoryEntry[]): Promise<AgentStepResult> {
    const t0 = performance.now();
    const action = randomAction(mulberry32(mixSeed(this.seed, history.length)).next);
    return modelFreeResult(action, `random draw (seed ${this.seed}, step ${history.length})`, obs, t0, performance.now());
  }
}

export function randomAction(rand: () => number): Action {
  const point = (): NormPoint => ({ x: Math.floor(rand() * 1001), y: Math.floor(rand() * 1001) });
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  let type: Action['type'] = 'Tap';
  for (const [t, w] of WEIGHTS) {
    if ((r -= w) < 0) {
      type = t;
      break;
    }
  }
  switch (type) {
    case 'Swipe':
      return { type: 'Swipe', from: point(), to: point(), ms: 500 };
    case 'LongPress':
      return { type: 'LongPress', at: point(), ms: 1000 };
    case 'Back':
      return { type: 'Back' };
    case 'Home':
      return { type: 'Home' };
    case 'Type':
      return { type: 'Type', text: WORDS[Math.floor(rand() * WORDS.length)]! };
    case 'Wait':
      return { type: 'Wait', seconds: 1 };
    case 'Finish':
      return { type: 'Finish', message: 'random agent stopped' };
    default:
      return { type: 'Tap', at: point() };
  }
}
