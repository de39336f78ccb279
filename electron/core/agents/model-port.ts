import type { AgentUsage, InfrastructureKind } from './agent.js';

/** OpenAI-compatible chat message shapes. */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** temperature, top_p, … sent as-is; the family always sets temperature explicitly. */
  sampling: Record<string, number>;
  extraBody?: Record<string, unknown>;
  /** Aborts the call (and its retries) at once, e.g. at the task's deadline; the client rethrows the reason. */
  signal?: AbortSignal;
}

export interface ChatResponse {
  content: string;
  /** Thinking returned separately (DashScope, Zhipu, Moonshot, vLLM reasoning parser); '' when absent. */
  reasoningContent: string;
  finishReason: string | null;
  usage: AgentUsage;
  /** Wall time of the attempt that answered. */
  latencyMs: number;
  /** Wall time spent on failed attempts and backoff (not reasoning time). */
  retriedMs: number;
  attempts: number;
}

/** The model client (electron/adapters/llm) as core sees it. Throws ModelRequestError when it gives up. */
export interface ModelPort {
  complete(request: ChatRequest): Promise<ChatResponse>;
}

export class ModelRequestError extends Error {
  override readonly name = 'ModelRequestError';
  constructor(
    message: string,
    readonly kind: InfrastructureKind,
    readonly attempts: number,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The server refused this request and retrying will not change that: HTTP 400/413/422 and
 * similar (content filter, context too long), or a reply withheld by a content filter. It
 * depends on what the agent sent for this task, so it is the agent's failure, not infrastructure.
 */
export class ModelRefusedError extends Error {
  override readonly name = 'ModelRefusedError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const text = (t: string): ChatContentPart => ({ type: 'text', text: t });
export const image = (dataUrl: string): ChatContentPart => ({ type: 'image_url', image_url: { url: dataUrl } });
