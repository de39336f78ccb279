import type { TableModel } from '../../../shared/domain/analysis.js';
import type { JudgeVerdict } from '../../../shared/domain/run-records.js';
import { agreement } from '../analysis/stats/agreement.js';
import { FIXED3 } from './table-formats.js';

/**
 * The judges measured against reviewers. For every result a reviewer gave a verdict (Review), each judge that ran
 * on it has its own success verdict — the one the run would have scored had that judge decided: the agent finished
 * and the judge passed (offline: the task graph's Finish-on-DONE check). Against the human verdict, with success as
 * the positive class: the confusion matrix, precision, recall, F1 and Cohen's κ, overall and per semantic category,
 * with the number of labels behind each.
 */
export const JUDGE_F1_WARNING = 0.9;
export const JUDGE_MIN_LABELS = 30;

export interface LabelledResult {
  taskId: string;
  mode: 'online' | 'offline';
  exit: string;
  success: boolean;
  judge: JudgeVerdict | undefined;
  human: 'success' | 'failure';
  category: string;
}

/** Each judge's success verdict on one result (null: that judge gave none). */
export function judgeVerdicts(r: Pick<LabelledResult, 'mode' | 'exit' | 'success' | 'judge'>): Record<string, boolean | null> {
  if (r.mode === 'offline') return { 'task graph': r.success };
  const j = r.judge;
  if (!j) return {};
  const finished = r.exit === 'finished';
  const v = (pass: boolean | null | undefined): boolean | null => (!finished ? false : (pass ?? null));
  switch (j.judge) {
    case 'rule':
    case 'vlm':
    case 'state':
      return { [j.judge]: v(j.pass) };
    case 'both':
      return { rule: v(j.rule?.pass ?? null), vlm: v(j.vlm?.pass) };
    case 'rule+state':
      return { rule: v(j.rule?.pass ?? null), state: v(j.state?.pass) };
  }
}

export interface Confusion {
  n: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  kappa: number | null;
}

export function confusion(pairs: readonly { judge: boolean; human: boolean }[]): Confusion {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const p of pairs) {
    if (p.judge && p.human) c.tp++;
    else if (p.judge) c.fp++;
    else if (p.human) c.fn++;
    else c.tn++;
  }
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : null;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  const kappa = pairs.length ? agreement(pairs.map((p) => [String(p.judge), String(p.human)] as const)).kappa : null;
  return { n: pairs.length, ...c, precision, recall, f1, kappa };
}

export interface JudgeAccuracy {
  judge: string;
  overall: Confusion;
  byCategory: Record<string, Confusion>;
}

/** Per judge that ran on any labelled result; judges are sorted, categories too. */
export function judgeAccuracy(labelled: readonly LabelledResult[], judgesThatRan: readonly string[] = []): JudgeAccuracy[] {
  const pairs = new Map<string, { judge: boolean; human: boolean; category: string }[]>();
  for (const j of judgesThatRan) pairs.set(j, []);
  for (const r of labelled) {
    for (const [judge, v] of Object.entries(judgeVerdicts(r))) {
      const list = pairs.get(judge) ?? [];
      pairs.set(judge, list);
      if (v !== null) list.push({ judge: v, human: r.human === 'success', category: r.category });
    }
  }
  return [...pairs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([judge, ps]) => ({
      judge,
      overall: confusion(ps),
      byCategory: Object.fromEntries(
        [...new Set(ps.map((p) => p.category))].sort().map((c) => [c, confusion(ps.filter((p) => p.category === c))]),
      ),
    }));
}

/** The warnings `report` prints (and the table carries): an F1 below 0.9, or fewer than 30 labels behind it. */
export function judgeWarnings(acc: readonly JudgeAccuracy[]): string[] {
  return acc.flatMap((a) => {
    const o = a.overall;
    if (o.n === 0) return [];
    const out: string[] = [];
    if (o.f1 !== null && o.f1 < JUDGE_F1_WARNING)
      out.push(
        `Warning: the ${a.judge} judge's F1 against the reviewers is ${o.f1.toFixed(3)}, below ${JUDGE_F1_WARNING}: its successes are not to be trusted as they stand.`,
      );
    if (o.f1 === null) out.push(`Warning: the ${a.judge} judge's F1 is undefined (no success on either side among its ${o.n} label(s)).`);
    if (o.n < JUDGE_MIN_LABELS)
      out.push(
        `Warning: the ${a.judge} judge's accuracy rests on ${o.n} label(s), fewer than ${JUDGE_MIN_LABELS}: label more results on the Review screen (y / n).`,
      );
    return out;
  });
}

export function judgeAccuracyTable(acc: readonly JudgeAccuracy[]): TableModel {
  const row = (judge: string, category: string, c: Confusion) => ({
    judge,
    category,
    n: c.n,
    tp: c.tp,
    fp: c.fp,
    fn: c.fn,
    tn: c.tn,
    precision: c.precision,
    recall: c.recall,
    f1: c.f1,
    kappa: c.kappa,
  });
  const unlabelled = acc.filter((a) => a.overall.n === 0).map((a) => a.judge);
  return {
    id: 'run-judge-accuracy',
    title: "The judges against the reviewers' verdicts",
    columns: [
      { key: 'judge', header: 'Judge' },
      { key: 'category', header: 'Semantic category' },
      { key: 'n', header: 'Labels', align: 'right' },
      { key: 'tp', header: 'TP', align: 'right' },
      { key: 'fp', header: 'FP', align: 'right' },
      { key: 'fn', header: 'FN', align: 'right' },
      { key: 'tn', header: 'TN', align: 'right' },
      { key: 'precision', header: 'Precision', align: 'right', format: FIXED3 },
      { key: 'recall', header: 'Recall', align: 'right', format: FIXED3 },
      { key: 'f1', header: 'F1', align: 'right', format: FIXED3 },
      { key: 'kappa', header: 'Cohen κ', align: 'right', format: FIXED3 },
    ],
    rows: acc.flatMap((a) => [row(a.judge, 'all', a.overall), ...Object.entries(a.byCategory).map(([c, x]) => row(a.judge, c, x))]),
    notes: [
      ...judgeWarnings(acc),
      "Positive = success. A judge's verdict is the success it would score: the agent finished and the judge passed (offline: Finish on a DONE node meeting its conditions). Human verdicts from Review; the first trial only.",
      ...(unlabelled.length ? [`Not measured yet (no reviewer verdicts): ${unlabelled.join(', ')}.`] : []),
    ],
  };
}
