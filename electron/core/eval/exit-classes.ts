import { AgentInfrastructureError } from '../agents/agent.js';
import { ModelRefusedError, ModelRequestError } from '../agents/model-port.js';
import { DeviceError } from '../device/device-port.js';
import type { ExitCategory } from './outcome.js';

/**
 * Every way a task can end belongs to exactly one class, decided here and nowhere else:
 *
 * - `agent`: the agent's own result — scored, success or failure, for every metric.
 * - `infrastructure`: the harness could not give the agent a fair try (device, adb, network,
 *   model server after the client's retries, a judge with no verdict). Counted in N as not
 *   successful until `run --resume` re-attempts it; never the agent's failure.
 * - `invalid`: the task itself cannot be scored in this run — the same for every agent, so the
 *   task leaves N for all of them.
 */
export type ExitClass = 'agent' | 'infrastructure' | 'invalid';

export const EXIT_CLASSES: Readonly<Record<ExitCategory, { cls: ExitClass; meaning: string }>> = {
  finished: { cls: 'agent', meaning: 'the agent said Finish (success only if the judge / DONE node agrees)' },
  gave_up: { cls: 'agent', meaning: 'the agent said Finish with status failure: it gave up' },
  ask_user: { cls: 'agent', meaning: 'the agent handed the task back to the user' },
  step_limit: { cls: 'agent', meaning: 'the step limit ran out (an agent that loops ends here or at the time limit)' },
  timeout: { cls: 'agent', meaning: 'the time limit ran out (a model call in flight is aborted at the deadline)' },
  off_graph: { cls: 'agent', meaning: 'offline: an action matched no edge of the task graph' },
  parse_error: { cls: 'agent', meaning: "the agent's replies could not be read" },
  model_refused: {
    cls: 'agent',
    meaning:
      "the model server refused this task's request: HTTP 400/413/422 and other non-retryable 4xx, a content filter, context overflow",
  },
  infra_error: {
    cls: 'infrastructure',
    meaning: 'device lost, adb failure, or the model server unreachable / 5xx / timing out after retries, or misconfigured (401/403/404)',
  },
  judge_error: { cls: 'infrastructure', meaning: 'online: the judge gave no readable verdict' },
  invalid_task: { cls: 'invalid', meaning: "online: the task's success checks pass before the agent acts" },
  no_graph: { cls: 'invalid', meaning: 'offline: the task has no task graph' },
  setup_failed: { cls: 'invalid', meaning: "online: the task's setup failed on every device it was tried on" },
};

export const EXIT_CATEGORIES = Object.keys(EXIT_CLASSES) as ExitCategory[];

/** The class of a stored exit category. An unknown one (a newer or corrupt row) is not trusted as scored. */
export function exitClass(exit: string): ExitClass {
  return (EXIT_CLASSES as Record<string, { cls: ExitClass } | undefined>)[exit]?.cls ?? 'infrastructure';
}

/**
 * What an error thrown out of a task means. A refusal is the agent's failure (`model_refused`);
 * device, adb and model-server failures (agent or judge) are infrastructure; anything else is
 * a bug and is rethrown by the caller (null).
 */
export function classifyError(e: unknown): 'model_refused' | 'infra_error' | null {
  if (e instanceof ModelRefusedError) return 'model_refused';
  if (e instanceof DeviceError || e instanceof AgentInfrastructureError || e instanceof ModelRequestError) return 'infra_error';
  return null;
}
