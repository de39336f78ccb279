import type { Action } from '../../../../shared/domain/action.js';
import type { ProbeSummary, ProbeTaskResult, ProbeVariantResult } from '../../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../../shared/domain/task-graph.js';
import type { MatchOptions } from '../match.js';
import { GraphWalker } from '../walk.js';
import type { ProbeVariant } from './variants.js';

/** The offline verdict on a variant: walk every action on the graph, then Finish. `path` lists the nodes walked. */
export function walkVariant(
  graph: TaskGraph,
  actions: readonly Action[],
  opts: MatchOptions,
): { accepted: boolean; reason: string; path: string[] } {
  const walker = new GraphWalker(graph, opts);
  const path = [walker.node];
  for (const [i, a] of actions.entries()) {
    if (a.type === 'Wait' || a.type === 'Noop') continue;
    const m = walker.act(a);
    if (!m.taken)
      return {
        accepted: false,
        reason: `step ${i + 1} (${a.type}) matches no edge: ${m.nearest?.result.reason ?? 'no outgoing edge of this kind'}`,
        path,
      };
    path.push(walker.node);
  }
  const f = walker.finish();
  return { accepted: f.success, reason: f.reason, path };
}

/**
 * What the phone said about a variant: the checks' verdict on the actions it actually played (a wrong
 * variant stops where the phone leaves the demonstration's pages), or why it could not be played.
 */
export type DeviceTruth = { played: true; pass: boolean; reason: string; actions: Action[] } | { played: false; reason: string };

/** Device probe: the offline verdict must equal the phone's. */
export function judgeOnDevice(v: ProbeVariant, offline: ProbeVariantResult['offline'], truth: DeviceTruth): ProbeVariantResult {
  const base = {
    id: v.id,
    kind: v.kind,
    intent: v.intent,
    description: v.description,
    actions: truth.played ? truth.actions : v.actions,
    offline,
  };
  if (!truth.played) return { ...base, device: { pass: null, reason: truth.reason }, verdict: 'unplayable' };
  const verdict = offline.accepted === truth.pass ? 'agree' : offline.accepted ? 'false-accept' : 'false-reject';
  return { ...base, device: { pass: truth.pass, reason: truth.reason }, verdict };
}

/**
 * Structural probe (no device): a wrong variant that drops or changes content every demonstration
 * sets the same way must be rejected; if the graph accepts it, it is a suspected false accept for an
 * annotator to settle. Other variants carry no expectation.
 */
export function judgeStructurally(v: ProbeVariant, offline: ProbeVariantResult['offline']): ProbeVariantResult {
  const base = { id: v.id, kind: v.kind, intent: v.intent, description: v.description, actions: v.actions, offline, device: null };
  const expectsReject = v.intent === 'wrong' && v.sharedContent && (v.kind === 'skip-content' || v.kind === 'change-text');
  if (expectsReject && offline.accepted) return { ...base, verdict: 'suspected-false-accept' };
  if (v.kind === 'demonstration' && !offline.accepted) return { ...base, verdict: 'suspected-false-reject' };
  return { ...base, verdict: expectsReject || v.kind === 'demonstration' ? 'agree' : 'unjudged' };
}

export function summarizeTask(
  taskId: string,
  graphVersion: number,
  kind: ProbeTaskResult['kind'],
  device: string | null,
  results: ProbeVariantResult[],
): ProbeTaskResult {
  const count = (v: ProbeVariantResult['verdict']): number => results.filter((r) => r.verdict === v).length;
  return {
    taskId,
    graphVersion,
    kind,
    device,
    variants: results.length,
    falseAccepts: count('false-accept'),
    falseRejects: count('false-reject'),
    unplayable: count('unplayable'),
    suspected: count('suspected-false-accept') + count('suspected-false-reject'),
    results,
  };
}

export function summarizeProbe(tasks: readonly ProbeTaskResult[]): ProbeSummary {
  const sum = (f: (t: ProbeTaskResult) => number): number => tasks.reduce((a, t) => a + f(t), 0);
  return {
    variants: sum((t) => t.variants),
    falseAccepts: sum((t) => t.falseAccepts),
    falseRejects: sum((t) => t.falseRejects),
    unplayable: sum((t) => t.unplayable),
    suspected: sum((t) => t.suspected),
    tasks: tasks.map(({ results: _r, ...t }) => ({
      ...t,
      disagreements: _r.filter((r) => r.verdict !== 'agree' && r.verdict !== 'unjudged'),
    })),
  };
}
