import type { RunManifest } from '../../../shared/domain/run-manifest.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { RunPrices } from '../../../shared/schemas/prices.js';
import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { loadPrices } from '../../adapters/prices/price-file.js';
import { isReplayOracle } from '../../core/agents/agent-traits.js';
import { trialSeed } from '../../core/agents/trial-seed.js';

/**
 * What a run records for publishing beside its spec: the price of every model it uses (so its costs never change
 * afterwards, and a bundle loaded elsewhere costs the same), each task's human step count (the steps-vs-human
 * ratio, the same in any workspace the run is loaded into), and each agent's seed per trial.
 */
export function runExtras(
  store: WorkspaceStore,
  spec: RunSpec,
  m: Pick<RunManifest, 'agents' | 'judge' | 'user'>,
  find: (name: string) => AgentConfig,
): Pick<RunManifest, 'prices' | 'humanSteps' | 'trials'> {
  const models = new Set<string>();
  for (const a of Object.values(m.agents)) if ('model' in a && a.model) models.add(a.model);
  if (m.judge.model) models.add(m.judge.model);
  if (m.user?.model) models.add(m.user.model);
  const { table, source } = loadPrices(store.path);
  const prices: RunPrices = {
    date: table.date,
    source,
    models: Object.fromEntries([...models].sort().map((id) => [id, table.models[id] ?? null])),
  };
  const humanSteps: Record<string, number> = {};
  for (const id of [...spec.taskIds].sort()) {
    const d = store.demonstrations.firstFinished(id);
    if (d) humanSteps[id] = store.demonstrations.steps(d.id).filter((s) => s.action).length;
  }
  const seeds: Record<string, number[] | null> = {};
  for (const name of spec.agents) {
    const config = isReplayOracle(name) ? null : find(name);
    const each = config ? Array.from({ length: spec.trials }, (_, t) => trialSeed(config, spec, t)) : [];
    seeds[name] = each.length && each.every((x) => x !== null) ? (each as number[]) : null;
  }
  return { prices, humanSteps, trials: { count: spec.trials, seeds } };
}
