import type { RunSummaryDto } from '../../../shared/domain/run.js';
import type { Run, RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { Lease } from '../../adapters/db/repositories/leases-repo.js';
import { describeHolder } from '../../adapters/system/leases.js';

/**
 * A run as lists show it: what it set out to run and how many results it has. `lease` is the run's
 * live lease in the workspace (whichever process executes it): a run stored as running that no
 * live process holds was cut off (a crash, a kill) and shows as interrupted until it is resumed.
 */
export function runSummary(r: Run, results: readonly RunResult[], lease: Lease | null): Omit<RunSummaryDto, 'active'> {
  const spec = r.manifest.spec;
  return {
    id: r.id,
    mode: r.mode,
    status: runStatus(r, lease),
    ...(lease && !lease.mine ? { runningElsewhere: describeHolder(lease) } : {}),
    agents: spec?.agents ?? [],
    tasks: spec?.taskIds.length ?? 0,
    results: results.length,
    createdAt: r.createdAt,
  };
}

/** A run's status as people see it: one stored as running that no live process holds was cut off (interrupted). */
export function runStatus(r: Run, lease: Lease | null): RunSummaryDto['status'] {
  return r.status === 'running' && !lease ? 'interrupted' : r.status;
}
