import type { RunSummaryDto } from '../../../shared/domain/run.js';
import type { Run, RunResult } from '../../adapters/db/repositories/runs-repo.js';

/** A run as lists show it: what it set out to run and how many results it has. */
export function runSummary(r: Run, results: readonly RunResult[]): Omit<RunSummaryDto, 'active'> {
  const spec = r.manifest.spec;
  return {
    id: r.id,
    mode: r.mode,
    status: r.status,
    agents: spec?.agents ?? [],
    tasks: spec?.taskIds.length ?? 0,
    results: results.length,
    createdAt: r.createdAt,
  };
}
