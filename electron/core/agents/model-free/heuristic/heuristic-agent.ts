import type { Action, NormPoint } from '../../../../../shared/domain/action.js';
import { toNorm } from '../../../geometry/coordinates.js';
import type { Agent, AgentHistoryEntry, AgentObservation, AgentStepResult } from '../../agent.js';
import { modelFreeResult } from '../result.js';
import type { TokenizerPort } from '../tokenizer-port.js';
import type { Goal } from './goal.js';
import { readGoal } from './goal.js';
import type { Target } from './screen.js';
import { hasScrollable, matchScore, staticLabels, tappableTargets } from './screen.js';

/**
 * A documented, model-free baseline (docs/agents.md "heuristic"): it reads the UI tree and the
 * instruction, taps the clickable element whose text best matches the goal words, types when a
 * field is focused, and finishes when the screen's static text matches the goal. Decisions, in order:
 *  1. a focused text field and text to type (not typed yet) ⇒ Type(text, submit)
 *  2. text to type and an unfocused field not tapped yet ⇒ Tap the field
 *  3. the previous action was a Tap and a title/static text matches a goal word ⇒ Finish(success)
 *  4. the best-matching clickable element not tapped yet ⇒ Tap its centre
 *  5. a scrollable screen and fewer than 3 swipes in a row ⇒ scroll down
 *  6. a known app for the goal not launched yet ⇒ LaunchApp
 *  7. otherwise ⇒ Finish(failure) with the goal words it could not find
 */
const MAX_SCROLLS = 3;

export class HeuristicAgent implements Agent {
  readonly adapter = 'heuristic';
  private cache: { instruction: string; goal: Goal } | null = null;

  constructor(
    readonly name: string,
    private readonly tokenizer: TokenizerPort,
  ) {}

  goal(instruction: string): Goal {
    if (this.cache?.instruction !== instruction) this.cache = { instruction, goal: readGoal(instruction, this.tokenizer) };
    return this.cache.goal;
  }

  async step(obs: AgentObservation, instruction: string, history: readonly AgentHistoryEntry[]): Promise<AgentStepResult> {
    const t0 = performance.now();
    const goal = this.goal(instruction);
    const [action, why] = this.decide(obs, goal, instruction, history);
    return modelFreeResult(action, why, obs, t0, performance.now());
  }

  private decide(obs: AgentObservation, goal: Goal, instruction: string, history: readonly AgentHistoryEntry[]): [Action, string] {
    const last = history[history.length - 1]?.action;
    if (!obs.ui) {
      return last?.type === 'Wait'
        ? [{ type: 'Finish', status: 'failure', message: 'no UI tree to read' }, 'the UI dump failed twice']
        : [{ type: 'Wait', seconds: 1 }, 'no UI tree yet; waiting once'];
    }
    const targets = tappableTargets(obs.ui);
    const centre = (t: Target): NormPoint =>
      toNorm({ x: Math.floor((t.bounds.left + t.bounds.right) / 2), y: Math.floor((t.bounds.top + t.bounds.bottom) / 2) }, obs.screen);
    const tapped = history.flatMap((h) => (h.action.type === 'Tap' ? [h.action.at] : []));
    const wasTapped = (p: NormPoint): boolean => tapped.some((q) => Math.abs(q.x - p.x) < 1 && Math.abs(q.y - p.y) < 1);
    const typed = goal.typeText !== null && history.some((h) => h.action.type === 'Type' && h.action.text === goal.typeText);

    if (goal.typeText && !typed) {
      const focused = targets.find((t) => t.editable && t.focused);
      if (focused) return [{ type: 'Type', text: goal.typeText, submit: true }, `a field is focused; typing "${goal.typeText}"`];
      const field = targets.find((t) => t.editable && !wasTapped(centre(t)));
      if (field) return [{ type: 'Tap', at: centre(field) }, 'tapping the text field to focus it'];
    }

    if (last?.type === 'Tap' || typed) {
      const seen = staticLabels(obs.ui).filter((l) => matchScore(l, goal.words) > 0);
      if (seen.length > 0) {
        return [
          { type: 'Finish', status: 'success', message: `the screen shows ${seen.slice(0, 3).join(' / ')}` },
          'the screen matches the goal words',
        ];
      }
    }

    const words = [...goal.words, ...goal.apps];
    const best = targets
      .map((t) => ({ t, score: matchScore(t.label, words), at: centre(t) }))
      .filter((c) => c.score > 0 && !wasTapped(c.at))
      .sort((a, b) => b.score - a.score || a.t.bounds.top - b.t.bounds.top)[0];
    if (best) return [{ type: 'Tap', at: best.at }, `best match "${best.t.label.slice(0, 40)}" (score ${best.score.toFixed(2)})`];

    let swipes = 0;
    for (let i = history.length - 1; i >= 0 && history[i]!.action.type === 'Swipe'; i--) swipes++;
    if (hasScrollable(obs.ui) && swipes < MAX_SCROLLS) {
      return [{ type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 }, 'nothing matches here; scrolling down'];
    }

    const launched = history.some((h) => h.action.type === 'LaunchApp');
    if (!launched && goal.apps.length > 0) {
      const cjk = /[\u3400-\u9fff]/u.test(instruction);
      const app = goal.apps.find((a) => /[\u3400-\u9fff]/u.test(a) === cjk) ?? goal.apps[0]!;
      return [{ type: 'LaunchApp', app }, `no match on screen; opening ${app}`];
    }
    return [
      { type: 'Finish', status: 'failure', message: `nothing on screen matches ${goal.words.slice(0, 5).join(', ')}` },
      'out of ideas',
    ];
  }
}
