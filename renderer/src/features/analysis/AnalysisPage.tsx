import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DataTable } from '../../components/DataTable.js';
import { useAppStore } from '../../store/app-store.js';
import { BackendChart } from '../../components/BackendChart.js';
import { VerbAnnotations } from './VerbAnnotations.js';

type Kind = 'linguistics' | 'normalization' | 'failures' | 'attribution' | 'verbs';

const KINDS: { id: Kind; label: string; about: string }[] = [
  { id: 'linguistics', label: 'Linguistics (RQ1)', about: 'Instruction length, verbs and category shares (Table 5, Figures 2–6).' },
  {
    id: 'normalization',
    label: 'Normalization (Table 3)',
    about: 'Original vs rewritten instructions: successes, Δ, exact McNemar test, bootstrap CI.',
  },
  {
    id: 'failures',
    label: 'Failures (Table 4)',
    about: "Failure categories from reviewers' labels, and judge agreement with human verdicts.",
  },
  {
    id: 'attribution',
    label: 'Attribution (§5.5)',
    about:
      'Pearson correlation of instruction features with success (pooled and per task); Factorization Machine interactions, greyed where a permutation null says they are noise.',
  },
  {
    id: 'verbs',
    label: 'Verb annotations',
    about:
      "Accept or edit the core operational verbs the model proposed (elderbench analyze annotate): checked verbs are the paper's verb measure.",
  },
];

export function AnalysisPage() {
  const { workspace, runs, view, busy, computeAnalysis, clear } = useAppStore(
    useShallow((s) => ({
      workspace: s.workspace,
      runs: s.runs,
      view: s.analysisView,
      busy: s.analysisBusy,
      computeAnalysis: s.computeAnalysis,
      clear: s.clearAnalysis,
    })),
  );
  const [kind, setKind] = useState<Kind>('linguistics');
  const [taskSet, setTaskSet] = useState('');
  const [baseline, setBaseline] = useState('');
  const [runA, setRunA] = useState('');
  const [runB, setRunB] = useState('');

  // A result belongs to the form that asked for it: a new visit starts clean.
  useEffect(() => clear, [clear]);

  const compute = (): void => {
    void computeAnalysis(
      kind === 'linguistics'
        ? { kind, ...(taskSet ? { taskSet } : {}), ...(baseline ? { baselineSet: baseline } : {}) }
        : kind === 'normalization'
          ? { kind, original: runA, rewritten: runB }
          : { kind: kind === 'failures' ? 'failures' : 'attribution', runs: [runA] },
    );
  };

  const runSelect = (value: string, set: (v: string) => void, label: string) => (
    <label>
      {label}
      <select value={value} onChange={(e) => set(e.target.value)}>
        <option value="">Choose a run…</option>
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {r.id} ({r.agents.join(', ')}, {r.results} results)
          </option>
        ))}
      </select>
    </label>
  );
  const needsRun = kind !== 'linguistics' && kind !== 'verbs' && (!runA || (kind === 'normalization' && !runB));

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Analysis</h1>
      <div role="tablist" aria-label="Analyses" className="row">
        {KINDS.map((k) => (
          <button
            key={k.id}
            role="tab"
            type="button"
            aria-selected={kind === k.id}
            className={kind === k.id ? '' : 'secondary'}
            onClick={() => {
              setKind(k.id);
              clear();
            }}
            data-testid={`analysis-${k.id}`}
          >
            {k.label}
          </button>
        ))}
      </div>
      <p className="lead">{KINDS.find((k) => k.id === kind)!.about}</p>
      <div className="filters">
        {(kind === 'linguistics' || kind === 'verbs') && (
          <>
            <label>
              Instruction set
              <select value={taskSet} onChange={(e) => setTaskSet(e.target.value)}>
                <option value="">All tasks in the workspace</option>
                {workspace?.taskSets.map((s) => (
                  <option key={s.name}>{s.name}</option>
                ))}
              </select>
            </label>
            {kind === 'linguistics' && (
              <label>
                Compare with
                <select value={baseline} onChange={(e) => setBaseline(e.target.value)}>
                  <option value="">No baseline</option>
                  {workspace?.taskSets.map((s) => (
                    <option key={s.name}>{s.name}</option>
                  ))}
                </select>
              </label>
            )}
          </>
        )}
        {kind !== 'linguistics' &&
          kind !== 'verbs' &&
          runSelect(runA, setRunA, kind === 'normalization' ? 'Run with original instructions' : 'Run')}
        {kind === 'normalization' && runSelect(runB, setRunB, 'Run with rewritten instructions')}
      </div>
      {kind === 'verbs' ? (
        <VerbAnnotations taskSet={taskSet} />
      ) : (
        <button type="button" disabled={busy || needsRun} onClick={compute} data-testid="analysis-compute">
          {busy ? 'Computing…' : 'Compute'}
        </button>
      )}
      {view && (
        <div data-testid="analysis-result">
          {view.notes.map((n) => (
            <p key={n} className="muted">
              {n}
            </p>
          ))}
          {view.tables.map((t) => (
            <DataTable key={t.id} table={t} />
          ))}
          <div className="charts">
            {view.charts.map((c) => (
              <BackendChart key={c.id} svg={c.svg} title={c.title} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
