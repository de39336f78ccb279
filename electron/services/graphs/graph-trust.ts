import type { GraphTrust } from '../../../shared/domain/graph.js';
import type { StoredProbe } from '../../adapters/db/repositories/graph-probes-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';

/**
 * Whether offline verdicts on a graph version can be trusted: every demonstration must replay on it,
 * and its latest probe must have found no false accept. Runs record this with the version they use.
 */
export function graphTrust(selfConsistency: number, probe: StoredProbe | undefined): GraphTrust {
  const p = probe?.result;
  const summary =
    p && probe
      ? {
          kind: p.kind,
          device: p.device,
          variants: p.variants,
          falseAccepts: p.falseAccepts,
          falseRejects: p.falseRejects,
          unplayable: p.unplayable,
          suspected: p.suspected,
          at: probe.createdAt,
        }
      : null;
  if (selfConsistency < 1) return { status: 'not valid', reason: 'a demonstration does not replay to DONE on this graph', probe: summary };
  if (!p || !summary) return { status: 'unprobed', reason: 'never probed: run elderbench graph probe', probe: null };
  if (p.falseAccepts > 0)
    return { status: 'not valid', reason: `the probe found ${p.falseAccepts} wrong path(s) the graph accepts`, probe: summary };
  if (p.kind === 'structural' && p.suspected > 0)
    return { status: 'suspect', reason: `${p.suspected} variant(s) for an annotator to settle (structural probe)`, probe: summary };
  const rejects = p.falseRejects > 0 ? `; ${p.falseRejects} right path(s) rejected` : '';
  return { status: 'valid', reason: `${p.kind} probe: ${p.variants} variants, no false accept${rejects}`, probe: summary };
}

/** The trust of a stored graph version (by row id). */
export function trustOf(store: WorkspaceStore, graphId: number, selfConsistency: number): GraphTrust {
  return graphTrust(selfConsistency, store.graphProbes.latest(graphId));
}
