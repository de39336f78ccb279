import type { AgentConfig } from '../../../shared/schemas/agent-config.js';

/**
 * Seeds for repeated trials (`run --trials K --seed S`), where an agent takes one: a model agent sends `seed` with
 * each request (OpenAI-compatible servers that honour it sample reproducibly; others ignore it), the random agent
 * seeds its PRNG. Trial t uses base + t, the base being --seed, else the agent's own seed, else 1. The replay and
 * heuristic agents are deterministic: they take none (null), and their trials repeat one another.
 */
export function takesSeed(config: Pick<AgentConfig, 'adapter' | 'baseUrl'>): boolean {
  return config.adapter === 'random' || config.baseUrl !== undefined;
}

/** The seed of one trial, or null when the run does not seed (one trial, no --seed) or the agent takes none. */
export function trialSeed(config: AgentConfig, run: { trials: number; seed?: number | undefined }, trial: number): number | null {
  if (!takesSeed(config) || (run.seed === undefined && run.trials <= 1)) return null;
  const own = config.adapter === 'random' ? config.seed : config.sampling?.seed;
  return (run.seed ?? own ?? 1) + trial;
}

/** The agent's config with the trial's seed in place (unchanged when it is null). */
export function withSeed(config: AgentConfig, seed: number | null): AgentConfig {
  if (seed === null) return config;
  if (config.adapter === 'random') return { ...config, seed };
  // extraBody is sent as-is after the sampling parameters, so it overrides a seed the entry's sampling sets.
  return { ...config, extraBody: { ...(config.extraBody ?? {}), seed } };
}
