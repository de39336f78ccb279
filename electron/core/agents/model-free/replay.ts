import type { Action } from '../../../../shared/domain/action.js';
import type { Agent, AgentHistoryEntry, AgentObservation, AgentStepResult } from '../agent.js';
import { modelFreeResult } from './result.js';

/**
 * Follows a stored demonstration: step k returns action k (k = history length, so the agent
 * itself keeps no state). Past the end it finishes, saying so — a demonstration that does not
 * end in Finish is replayed faithfully and then closed.
 */
export class ReplayAgent implements Agent {
  readonly adapter = 'replay';

  constructor(
    readonly name: string,
    private readonly actions: readonly Action[],
  ) {}

  async step(obs: AgentObservation, _instruction: string, history: readonly AgentHistoryEntry[]): Promise<AgentStepResult> {
    const t0 = performance.now();
    const k = history.length;
    const next = this.actions[k];
    const action: Action = next ?? { type: 'Finish', message: `end of the demonstration (${this.actions.length} actions)` };
    return modelFreeResult(
      action,
      next ? `replaying step ${k + 1} of ${this.actions.length}` : 'demonstration exhausted',
      obs,
      t0,
      performance.now(),
    );
  }
}
