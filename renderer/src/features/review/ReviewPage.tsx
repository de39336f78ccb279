import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';
import { reviewSelectedIndex } from '../../store/slices/review-slice.js';
import { ComparePanel } from './ComparePanel.js';
import { ExitChart } from './ExitChart.js';
import { FilterBar } from './FilterBar.js';
import { rowKey } from '../../store/slices/review-filters.js';
import { LabelForm } from './LabelForm.js';
import { verdictForKey } from './automatic-verdict.js';
import { SummaryPanel } from './SummaryPanel.js';
import { TaskList } from './TaskList.js';
import { TrajectoryViewer } from './TrajectoryViewer.js';

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** Two lines of text per row at the user's scale (the root font size follows --ui-scale). */
const useRowHeight = (): number => Math.round(3.6 * 16 * useAppStore((s) => s.settings?.uiScale ?? 1));

/** The open result: its steps and the reviewer's label. Only this part redraws when the step changes. */
function OpenResult() {
  const r = useAppStore(
    useShallow((s) => ({
      t: s.reviewTrajectory,
      step: s.reviewStep,
      setStep: s.setReviewStep,
      saving: s.reviewSaving,
      save: s.saveReviewLabel,
    })),
  );
  const rowHeight = useRowHeight();
  if (!r.t) return <p>Choose a task on the left (or press ↓) to see its steps.</p>;
  return (
    <>
      <TrajectoryViewer t={r.t} step={r.step} onStep={r.setStep} rowHeight={rowHeight} />
      <LabelForm
        key={`${rowKey(r.t.key)}|${r.t.row.label?.humanVerdict ?? ''}`}
        row={r.t.row}
        saving={r.saving}
        onSave={(l) => void r.save(l)}
      />
    </>
  );
}

export function ReviewPage() {
  const r = useAppStore(
    useShallow((s) => ({
      runs: s.runs,
      runId: s.reviewRunId,
      rows: s.reviewRows,
      visible: s.reviewVisible,
      filters: s.reviewFilters,
      selectedKey: s.reviewSelectedKey,
      summary: s.reviewSummary,
      exitChart: s.reviewExitChart,
      compareWith: s.reviewCompareWith,
      comparison: s.reviewComparison,
      opened: s.reviewOpened,
      closed: s.reviewClosed,
      openRun: s.openReviewRun,
      setFilters: s.setReviewFilters,
      selectIndex: s.selectReviewIndex,
      moveStep: s.moveReviewStep,
      moveTask: s.moveReviewTask,
      compare: s.compareReviewWith,
      saveLabel: s.saveReviewLabel,
    })),
  );
  const rowHeight = useRowHeight();
  const { moveStep, moveTask, opened, closed, saveLabel } = r;
  const selectedIndex = useMemo(
    () => reviewSelectedIndex({ reviewVisible: r.visible, reviewSelectedKey: r.selectedKey }),
    [r.visible, r.selectedKey],
  );

  useEffect(() => {
    void opened();
    return closed;
  }, [opened, closed]);

  // ←/→ steps, ↑/↓ tasks, y/n the automatic verdict is right/wrong, anywhere on the page except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const open = useAppStore.getState().reviewTrajectory;
      const verdict = open && !useAppStore.getState().reviewSaving ? verdictForKey(e.key, open.row) : null;
      if (open && verdict) {
        e.preventDefault();
        const saved = open.row.label;
        void saveLabel({ failureCategory: saved?.failureCategory ?? null, humanVerdict: verdict, notes: saved?.notes ?? '' });
        return;
      }
      const moves: Record<string, () => void> = {
        ArrowLeft: () => moveStep(-1),
        ArrowRight: () => moveStep(1),
        ArrowUp: () => moveTask(-1),
        ArrowDown: () => moveTask(1),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [moveStep, moveTask, saveLabel]);

  const exit = r.exitChart?.runId === r.runId ? r.exitChart.chart : null;
  return (
    <section aria-labelledby="page-title" className="review-page" data-testid="review-page">
      <h1 id="page-title">Review</h1>
      <div className="review-head">
        <label>
          Run
          <select data-testid="review-run" value={r.runId ?? ''} onChange={(e) => void r.openRun(e.target.value || null)}>
            {r.runId === null && <option value="">Choose a run…</option>}
            {r.runs.map((run) => (
              <option key={run.id} value={run.id}>
                {run.id} ({run.mode}, {run.results} results, {run.status})
              </option>
            ))}
          </select>
        </label>
        <p className="muted">↑ ↓ move between tasks, ← → between steps; y / n: the automatic verdict is right / wrong.</p>
      </div>
      {r.runs.length === 0 && <p>No runs yet: start one on the Runs screen, then review it here.</p>}
      {r.runId && (
        <>
          <FilterBar rows={r.rows} filters={r.filters} onChange={r.setFilters} />
          <div className="review-layout">
            <div className="review-side">
              <p className="muted" data-testid="review-count">
                {r.visible.length} of {r.rows.length} result(s)
              </p>
              <TaskList rows={r.visible} selectedIndex={selectedIndex} onSelect={r.selectIndex} rowHeight={rowHeight} />
            </div>
            <div className="review-main">
              <OpenResult />
            </div>
          </div>
          {r.summary && <SummaryPanel summary={r.summary} />}
          {exit && <ExitChart chart={exit} />}
          <ComparePanel runs={r.runs} runId={r.runId} other={r.compareWith} onOther={(id) => void r.compare(id)} rows={r.comparison} />
        </>
      )}
    </section>
  );
}
