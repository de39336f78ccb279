import type { ChatRequest, ChatResponse, ModelPort } from '../../core/agents/model-port.js';
import { ModelRefusedError, ModelRequestError } from '../../core/agents/model-port.js';
import type { InfrastructureKind } from '../../core/agents/agent.js';
import { makeRedactor } from './redact.js';
import { StreamFormatError, readChatStream } from './sse.js';
import { readUsage } from './usage.js';
import { boundedChunks, readBoundedText, readErrorText, ReplyTooLargeError } from '../http/bounded-body.js';

/**
 * The most a model (or judge, or simulated user) reply may be. A reply is text — an action, a
 * thought — of kilobytes; a server sending more is broken or hostile, and reading it whole once
 * took the process down (a 2.2 GB answer: V8 out of memory).
 */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/**
 * OpenAI-compatible chat completions over Node's global fetch.
 * Retries 408, 409, 425, 429, 5xx, timeouts, network errors and unreadable bodies with
 * exponential backoff; the time spent on failed attempts is reported apart (retriedMs) so it
 * never counts as reasoning time. Errors are classified for scoring:
 * - 401, 402, 403, 404, 405, 407 (key, quota, URL, model id — the same for every request) and
 *   giving up after retries throw ModelRequestError: infrastructure, not the agent's failure;
 * - any other 4xx (400 content filter or context too long, 413, 422 …) and a reply withheld by a
 *   content filter throw ModelRefusedError at once: the server refused what this agent sent for
 *   this task, which is the agent's failure.
 * An aborted `signal` stops the call and its retries at once and rethrows the signal's reason.
 * The API key is only ever put in the Authorization header and is scrubbed from every message.
 */
export interface OpenAiClientOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | null;
  timeoutMs?: number;
  retries?: number;
  stream?: boolean;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** The most a reply may be (MAX_REPLY_BYTES); tests lower it. */
  maxReplyBytes?: number;
  /** Called once per attempt; never receives the key or the request body. */
  log?: (event: ClientLogEvent) => void;
}

export interface ClientLogEvent {
  attempt: number;
  ok: boolean;
  ms: number;
  status: number | null;
  kind?: InfrastructureKind;
  message?: string;
  finishReason?: string | null;
  reasoningContent?: string;
}

class Retryable extends Error {
  constructor(
    message: string,
    readonly kind: InfrastructureKind,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export class OpenAiChatClient implements ModelPort {
  private readonly redact: (s: string) => string;
  private readonly url: string;

  constructor(private readonly o: OpenAiClientOptions) {
    this.redact = makeRedactor(o.apiKey);
    this.url = `${o.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  private get maxReplyBytes(): number {
    return this.o.maxReplyBytes ?? MAX_REPLY_BYTES;
  }

  /** For manifests: the endpoint host only (no path secrets, no key). */
  get endpointHost(): string {
    return new URL(this.o.baseUrl).host;
  }

  async complete(req: ChatRequest): Promise<ChatResponse> {
    const maxAttempts = (this.o.retries ?? 3) + 1;
    const now = this.o.now ?? (() => performance.now());
    const signal = req.signal;
    // The default backoff wait ends early on abort, so no timer outlives an aborted call.
    const sleep =
      this.o.sleep ??
      ((ms: number) =>
        new Promise<void>((r) => {
          const t = setTimeout(r, ms);
          signal?.addEventListener(
            'abort',
            () => {
              clearTimeout(t);
              r();
            },
            { once: true },
          );
        }));
    signal?.throwIfAborted();
    let retriedMs = 0;
    let last: Retryable | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const t0 = now();
      try {
        const r = await this.attempt(req);
        const ms = now() - t0;
        this.o.log?.({ attempt, ok: true, ms, status: 200, finishReason: r.finishReason, reasoningContent: r.reasoningContent });
        return { ...r, latencyMs: ms, retriedMs, attempts: attempt };
      } catch (e) {
        // The caller's deadline, not a failed attempt: no retry, no reclassification.
        signal?.throwIfAborted();
        const ms = now() - t0;
        if (e instanceof ModelRefusedError) {
          const message = this.redact(e.message);
          this.o.log?.({ attempt, ok: false, ms, status: e.status, message });
          throw new ModelRefusedError(message, e.status);
        }
        const err = e instanceof Retryable || e instanceof ModelRequestError ? e : this.classify(e);
        const message = this.redact(err.message);
        this.o.log?.({ attempt, ok: false, ms, status: err.status, kind: err.kind, message });
        if (err instanceof ModelRequestError) throw new ModelRequestError(message, err.kind, attempt, err.status);
        last = err;
        retriedMs += ms;
        if (attempt < maxAttempts) {
          const wait = err.retryAfterMs ?? Math.min(this.o.backoffMaxMs ?? 8000, (this.o.backoffBaseMs ?? 500) * 2 ** (attempt - 1));
          const w0 = now();
          await abortable(sleep(wait), signal);
          retriedMs += now() - w0;
        }
      }
    }
    const l = last!;
    throw new ModelRequestError(
      `${this.redact(l.message)} (gave up after ${maxAttempts} attempts to ${this.endpointHost}; check the server, or raise "retries"/"timeoutMs" in the agent config)`,
      l.kind,
      maxAttempts,
      l.status,
    );
  }

  private async attempt(req: ChatRequest): Promise<Omit<ChatResponse, 'latencyMs' | 'retriedMs' | 'attempts'>> {
    const stream = this.o.stream ?? false;
    const body = {
      model: this.o.model,
      messages: req.messages,
      ...req.sampling,
      ...(req.extraBody ?? {}),
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
    };
    if (this.o.apiKey) headers.authorization = `Bearer ${this.o.apiKey}`;
    const doFetch = this.o.fetch ?? fetch;
    const timeout = AbortSignal.timeout(this.o.timeoutMs ?? 120_000);
    const res = await doFetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: req.signal ? AbortSignal.any([timeout, req.signal]) : timeout,
    });
    if (RETRYABLE_STATUS.has(res.status) || res.status >= 500) {
      const text = await readErrorText(res);
      const ra = Number(res.headers.get('retry-after'));
      throw new Retryable(
        `HTTP ${res.status} from the model server: ${text.slice(0, 200)}`,
        'http',
        res.status,
        Number.isFinite(ra) && ra > 0 ? Math.min(ra * 1000, 30_000) : null,
      );
    }
    if (!res.ok) {
      const text = await readErrorText(res);
      if (!CONFIG_STATUS.has(res.status)) {
        throw new ModelRefusedError(
          `HTTP ${res.status}: the model server refused this request (content filter, context too long or an invalid request): ${text.slice(0, 300)}`,
          res.status,
        );
      }
      const hint =
        res.status === 401 || res.status === 403
          ? ' (check the API key in the environment variable named by apiKeyEnv)'
          : res.status === 404
            ? ' (check baseUrl ends at /v1 and the model id)'
            : '';
      throw new ModelRequestError(`HTTP ${res.status} from the model server${hint}: ${text.slice(0, 300)}`, 'http', 1, res.status);
    }
    if (stream && res.body) {
      try {
        const s = await readChatStream(boundedChunks(res, this.maxReplyBytes, 'the model server'));
        if (!s.done && s.finishReason === null) throw new Retryable('the stream ended before the reply was complete', 'network');
        return withheldCheck({
          content: s.content,
          reasoningContent: s.reasoningContent,
          finishReason: s.finishReason,
          usage: readUsage(s.usage),
        });
      } catch (e) {
        if (e instanceof StreamFormatError) throw new Retryable(e.message, 'bad-response');
        throw tooLarge(e);
      }
    }
    const text = await readBoundedText(res, this.maxReplyBytes, 'the model server').catch((e: unknown) => {
      throw tooLarge(e);
    });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Retryable(`the model server answered with a body that is not JSON: ${text.slice(0, 80)}`, 'bad-response');
    }
    return withheldCheck(readCompletion(json));
  }

  private classify(e: unknown): Retryable {
    const err = e as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError')
      return new Retryable(`no answer within ${this.o.timeoutMs ?? 120_000} ms`, 'timeout');
    if (err.name === 'TypeError') return new Retryable(`network error: ${err.cause?.code ?? err.message}`, 'network');
    return new Retryable(`request failed: ${err.message}`, 'network');
  }
}

/** An oversized reply is the server's fault and would be as large again: infrastructure, not retried. */
function tooLarge(e: unknown): unknown {
  return e instanceof ReplyTooLargeError ? new ModelRequestError(e.message, 'bad-response', 1, 200) : e;
}

/** Retried: the server may answer next time. Everything else non-2xx outside CONFIG_STATUS is a refusal. */
const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);
/** Key, quota, URL or model id: wrong for every request alike, so infrastructure (fix the config, then resume). */
const CONFIG_STATUS = new Set([401, 402, 403, 404, 405, 407]);

/** A reply the provider's content filter withheld (nothing left to act on) is a refusal, not an unreadable reply. */
function withheldCheck<T extends { content: string; reasoningContent: string; finishReason: string | null }>(r: T): T {
  if (r.finishReason === 'content_filter' && r.content.trim() === '' && r.reasoningContent.trim() === '') {
    throw new ModelRefusedError("the model server's content filter withheld the reply (finish_reason=content_filter)", 200);
  }
  return r;
}

/** Resolves with `p`, or rejects with the signal's reason as soon as it aborts. */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function readCompletion(json: unknown): Omit<ChatResponse, 'latencyMs' | 'retriedMs' | 'attempts'> {
  const j = json as {
    choices?: { message?: { content?: unknown; reasoning_content?: unknown }; finish_reason?: unknown }[];
    usage?: unknown;
  };
  const choice = Array.isArray(j?.choices) ? j.choices[0] : undefined;
  if (!choice || typeof choice !== 'object') throw new Retryable('the reply has no choices[0]', 'bad-response');
  const m = choice.message ?? {};
  return {
    content: contentText(m.content),
    reasoningContent: typeof m.reasoning_content === 'string' ? m.reasoning_content : '',
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
    usage: readUsage(j.usage),
  };
}

/** content may be a string, null, or (some gateways) an array of text parts. */
function contentText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c))
    return c
      .map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
      .join('');
  return '';
}
