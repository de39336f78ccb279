import type { TableModel } from '../../../shared/domain/analysis.js';
import type { RescoreRecord } from '../../../shared/domain/off-graph.js';

const verdict = (v: { success: boolean; exit: string }): string => (v.success ? 'success' : v.exit);

/**
 * Each re-scoring of a run's offline results against a newer graph version (`run rescore`), oldest first:
 * which version scored a result before and after, and its verdict on each. The Table 2 above counts the
 * latest verdicts; these rows are their history.
 */
export function rescoreTable(records: readonly RescoreRecord[]): TableModel {
  const rows = records.flatMap((rec) =>
    rec.results.map((r) => ({
      task: rec.taskId,
      agent: r.agent,
      from: rec.fromVersions.map((v) => (v === null ? '?' : `v${v}`)).join('/'),
      to: `v${rec.toVersion}`,
      before: verdict(r.before),
      after: verdict(r.after),
      how: r.how,
      at: rec.at.slice(0, 19).replace('T', ' '),
    })),
  );
  const flipped = rows.filter((r) => (r.before === 'success') !== (r.after === 'success')).length;
  return {
    id: 'run-rescores',
    title: 'Re-scored on newer graph versions',
    columns: [
      { key: 'task', header: 'Task' },
      { key: 'agent', header: 'Agent' },
      { key: 'from', header: 'Scored on' },
      { key: 'to', header: 'Re-scored on' },
      { key: 'before', header: 'Before' },
      { key: 'after', header: 'After' },
      { key: 'how', header: 'How' },
      { key: 'at', header: 'When (UTC)' },
    ],
    rows,
    notes: [
      `${rows.length} result(s) re-scored, ${flipped} changed between success and failure. Each result's graph version is in the results (graphVersion); its earlier verdicts are kept with it (previousVerdicts).`,
      're-walked: the stored actions decided it, no model call; continued: the stored replies up to where the newer graph showed the agent something new, then the agent went on; re-run: a model-free agent played it again.',
    ],
  };
}
