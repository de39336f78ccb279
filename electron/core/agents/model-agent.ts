import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { Agent, AgentHistoryEntry, AgentObservation, AgentStepResult } from './agent.js';
import { AgentInfrastructureError } from './agent.js';
import type { Family, FamilyContext } from './families/family.js';
import type { ImagePort, SentImage } from './image-port.js';
import type { ChatResponse, ModelPort } from './model-port.js';
import { ModelRequestError } from './model-port.js';
import type { ParsedReply } from './parsing/parsed-reply.js';
import { parseError } from './parsing/parsed-reply.js';
import { errorMessage } from '../../../shared/error-message.js';
import { describeRequest } from './sent-request.js';

export interface ModelAgentDeps {
  model: ModelPort;
  images: ImagePort;
  /** Injected so prompts with a date line are reproducible in tests. */
  now?: () => Date;
  /** Monotonic milliseconds, for parsing_ms. */
  clock?: () => number;
}

/**
 * Runs one model family over the OpenAI-compatible port: encode (and for absolute-coordinate
 * models resize) the screenshot, build the family's messages, call the model, parse the reply.
 */
export class ModelAgent implements Agent {
  readonly name: string;
  readonly adapter: string;
  private readonly variant: string;

  constructor(
    private readonly config: AgentConfig,
    private readonly family: Family,
    private readonly deps: ModelAgentDeps,
  ) {
    this.name = config.name;
    this.adapter = family.id;
    this.variant = config.variant ?? family.defaultVariant;
  }

  context(): FamilyContext {
    return { config: this.config, variant: this.variant, now: (this.deps.now ?? (() => new Date()))() };
  }

  async step(
    obs: AgentObservation,
    instruction: string,
    history: readonly AgentHistoryEntry[],
    signal?: AbortSignal,
  ): Promise<AgentStepResult> {
    const ctx = this.context();
    const image = await this.encode(obs, ctx);
    const sent = { width: image.width, height: image.height };
    const messages = this.family.buildMessages({ ...ctx, instruction, observation: obs, history, image });
    const response = await this.call(messages, signal);

    const clock = this.deps.clock ?? (() => performance.now());
    const t0 = clock();
    const { parsed, fromReasoning } = this.parseResponse(response, sent, ctx, history);
    const parsing_ms = clock() - t0;

    const flags = { ...parsed.flags, finishReason: response.finishReason, ...(fromReasoning ? { fromReasoningContent: true } : {}) };
    return {
      raw: response.content,
      action: parsed.action,
      timings: { reasoning_ms: response.latencyMs, parsing_ms },
      usage: response.usage,
      thought: parsed.thought,
      extras: parsed.extras,
      flags,
      reasoningContent: response.reasoningContent || null,
      sent,
      attempts: response.attempts,
      request: describeRequest(messages, image, history),
      historyEntry: {
        raw: response.content || response.reasoningContent,
        action: parsed.action,
        thought: parsed.thought,
        actionText: parsed.actionText,
        flags: parsed.flags,
        image,
        currentApp: obs.currentApp ?? null,
      },
    };
  }

  private async encode(obs: AgentObservation, ctx: FamilyContext): Promise<SentImage> {
    if (!obs.screenshot) throw new AgentInfrastructureError(`${this.name} needs a screenshot and the observation has none`, 'image');
    const resizeTo = this.family.sendSize(obs.screen, ctx);
    try {
      return await this.deps.images.encode(obs.screenshot, { resizeTo, format: this.config.images?.format ?? 'png' });
    } catch (e) {
      throw new AgentInfrastructureError(`could not encode the screenshot: ${errorMessage(e)}`, 'image');
    }
  }

  private async call(messages: Parameters<ModelPort['complete']>[0]['messages'], signal?: AbortSignal): Promise<ChatResponse> {
    const sampling = { ...this.family.defaultSampling, ...(this.config.sampling ?? {}) } as Record<string, number>;
    const extraBody = { ...(this.family.defaultExtraBody?.(this.variant) ?? {}), ...(this.config.extraBody ?? {}) };
    try {
      return await this.deps.model.complete({ messages, sampling, extraBody, ...(signal ? { signal } : {}) });
    } catch (e) {
      if (e instanceof ModelRequestError) throw new AgentInfrastructureError(e.message, e.kind, e.attempts, e.status);
      throw e;
    }
  }

  /**
   * Parse `content`; fall back to `reasoning_content` only when content is empty.
   * A reply cut off by max_tokens is a ParseError(truncated) even if an earlier complete call
   * exists in it — that call may be one the model was only thinking about (docs/agents.md, reply case 13).
   */
  private parseResponse(
    r: ChatResponse,
    sent: { width: number; height: number },
    ctx: FamilyContext,
    history: readonly AgentHistoryEntry[],
  ): { parsed: ParsedReply; fromReasoning: boolean } {
    const fromReasoning = r.content.trim() === '' && r.reasoningContent.trim() !== '';
    const raw = fromReasoning ? r.reasoningContent : r.content;
    const mode = this.family.coordMode(sent, ctx);
    const parsed = this.family.parse(raw, mode, ctx, history);
    if (r.finishReason === 'length') {
      const would = parsed.action.type === 'ParseError' ? parsed.action.reason : `would have been ${parsed.action.type}`;
      return {
        parsed: parseError(raw, `truncated: the reply hit max_tokens (finish_reason=length); ${would}`, parsed.thought),
        fromReasoning,
      };
    }
    return { parsed, fromReasoning };
  }
}
