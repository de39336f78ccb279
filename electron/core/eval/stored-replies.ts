import type { Action } from '../../../shared/domain/action.js';
import type { StepUsage } from '../../../shared/domain/run-records.js';
import type { Agent } from '../agents/agent.js';
import type { ModelPort } from '../agents/model-port.js';
import type { StepRecord } from './outcome.js';

/** A stored step as re-scoring reads it. */
export interface StoredReply {
  observationBlob: string | null;
  rawOutput: string;
  action: Action;
  timings: Record<string, number>;
  usage: StepUsage;
  /** An answered AskUser: the answer the agent got then. */
  userAnswer?: string | null;
}

/**
 * Re-scoring an offline result against a newer graph version without asking the model again what it
 * already answered: while the walk shows the agent exactly the screens it saw then (the same observation
 * blobs, in order, and the same answers to its questions), the model's stored replies are handed back in
 * place of new calls — the agent parses them and builds its history as it did then. From the first step
 * that differs (a formerly off-graph action now leads to a new screen), or when the stored steps run out,
 * the model is called for real: the agent goes on from where the new graph lets it.
 *
 * A stored reply that no longer parses to the action it gave then (it never does: parsing is
 * deterministic) stops the re-scoring with an error, instead of mixing two agents.
 */
export class StoredReplies {
  private step = 0;
  private shown: string | null = null;
  private reusing = true;
  private usedStored = false;
  /** Model calls made for real. */
  modelCalls = 0;
  /** Steps answered from a stored reply. */
  reused = 0;

  constructor(
    private readonly stored: readonly StoredReply[],
    /** Called before the first real model call (to refuse when the agent changed since the run). */
    private readonly beforeLive: () => void = () => {},
  ) {}

  /** The walk showed the agent this screen for the next step. */
  observed(blob: string | null): void {
    this.shown = blob;
  }

  /** Whether the step just recorded was answered from a stored reply. */
  get lastWasStored(): boolean {
    return this.usedStored;
  }

  /** The step was recorded: an answer to a question other than the stored one ends the reuse. */
  recorded(s: StepRecord): void {
    const then = this.stored[this.step];
    const user = s.details['user'] as { answer?: string | null } | undefined;
    if (this.reusing && then && s.action.type === 'AskUser' && (user?.answer ?? null) !== (then.userAnswer ?? null)) this.reusing = false;
    this.step++;
  }

  /** The model port the agent calls: a stored reply while nothing differs, else the real client. */
  port(client: () => ModelPort): ModelPort {
    let real: ModelPort | null = null;
    return {
      complete: async (request) => {
        const then = this.stored[this.step];
        this.usedStored = false;
        if (
          this.reusing &&
          then &&
          then.observationBlob === this.shown &&
          then.rawOutput.trim() !== '' &&
          then.action.type !== 'ParseError'
        ) {
          this.usedStored = true;
          this.reused++;
          return {
            content: then.rawOutput,
            reasoningContent: '',
            finishReason: 'stop',
            usage: then.usage,
            latencyMs: then.timings['reasoning_ms'] ?? 0,
            retriedMs: 0,
            attempts: 1,
          };
        }
        if (this.modelCalls === 0) this.beforeLive();
        this.reusing = false;
        this.modelCalls++;
        real ??= client();
        return real.complete(request);
      },
    };
  }

  /** The agent, checked: a stored reply must give the action it gave then. */
  checked(agent: Agent): Agent {
    return {
      name: agent.name,
      adapter: agent.adapter,
      step: async (obs, instruction, history, signal) => {
        const r = await agent.step(obs, instruction, history, signal);
        const then = this.stored[this.step];
        if (this.usedStored && then && JSON.stringify(r.action) !== JSON.stringify(then.action)) {
          throw new Error(
            `the stored reply of step ${this.step} parses to ${JSON.stringify(r.action)} now but gave ${JSON.stringify(then.action)} in the run; the agent's parser changed: start a new run instead`,
          );
        }
        return r;
      },
    };
  }
}
