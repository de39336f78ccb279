import type { AgentUsage } from '../../core/agents/agent.js';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Provider usage → our record, never estimated. total − prompt is stored too:
 * some Gemini translations leave thinking tokens out of completion_tokens, and the mismatch flag
 * shows it.
 */
export function readUsage(u: unknown): AgentUsage {
  if (!u || typeof u !== 'object') return { prompt_tokens: null, completion_tokens: null, total_tokens: null, reasoning_tokens: null };
  const r = u as Record<string, unknown>;
  const prompt = num(r.prompt_tokens);
  const completion = num(r.completion_tokens);
  const total = num(r.total_tokens);
  const details = (r.completion_tokens_details ?? {}) as Record<string, unknown>;
  const promptDetails = (r.prompt_tokens_details ?? {}) as Record<string, unknown>;
  const fromTotal = total !== null && prompt !== null ? total - prompt : null;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: total,
    reasoning_tokens: num(details.reasoning_tokens),
    cached_tokens: num(promptDetails.cached_tokens),
    completion_from_total: fromTotal,
    usage_mismatch: fromTotal !== null && completion !== null && fromTotal !== completion,
  };
}
