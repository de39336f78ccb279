import { writeFileSync } from 'node:fs';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { StratumAllocation } from '../../core/analysis/stats/stratified-sample.js';
import { stratifiedSample } from '../../core/analysis/stats/stratified-sample.js';

export type { StratumAllocation };

/**
 * `tasks sample`: a subset of the workspace's tasks (or of one set) that keeps each semantic category's share
 * (paper Table 9), drawn with a seed, written as a task-set file another workspace can import.
 */
export function writeTaskSample(
  ws: WorkspaceStore,
  o: { size: number; seed: number; set?: string; out: string },
): { file: string; name: string; allocation: StratumAllocation[] } {
  const all = ws.tasks.list(o.set ? { taskSet: o.set } : {});
  if (o.size > all.length) throw new Error(`--size ${o.size} is more than the ${all.length} tasks available`);
  const sample = stratifiedSample(all, (t) => t.semantic, o.size, o.seed);
  const tasks = sample.items.map((t) => ws.tasks.get(t.id)!);
  const name = `${o.set ?? 'workspace'}-sample-${o.size}-seed${o.seed}`;
  const description = `Stratified by semantic category from ${o.set ?? 'the workspace'} (seed ${o.seed})`;
  writeFileSync(o.out, `${JSON.stringify({ format: 'elderbench.tasks/1', name, description, tasks }, null, 2)}\n`);
  return { file: o.out, name, allocation: sample.allocation };
}
