import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ReviewSummary } from '../../../../shared/domain/review.js';
import { useAppStore } from '../../store/app-store.js';
import { reviewSelectedIndex } from '../../store/slices/review-slice.js';
import { rowKey } from '../../store/slices/review-filters.js';
import { ComparePanel } from './ComparePanel.js';
import { ExitChart } from './ExitChart.js';
import { FilterBar } from './FilterBar.js';
import { LabelForm } from './LabelForm.js';
import { StepStrip } from './StepStrip.js';
import { SummaryPanel } from './SummaryPanel.js';
import { TaskList } from './TaskList.js';
import { TrajectoryViewer } from './TrajectoryViewer.js';

/**
 * Where the arrow keys are the reviewer's (tasks and steps), not the focused control's: everywhere
 * but text fields and the label form. A filter keeps the focus after it is changed, and ↓ there
 * must open the next task, not change the filter again (a select opens with Space or Alt+↓).
 */
const ownsArrows = (t: EventTarget | null): boolean => {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t.tagName === 'TEXTAREA') return true;
  if (t.tagName === 'INPUT') return (t as HTMLInputElement).type !== 'checkbox';
  if (t.tagName === 'SELECT') return !t.closest('[data-review-keys]');
  return false;
};

/** Two lines of text per result row, one per step row, at the user's scale. */
const useRowHeights = (): { task: number; step: number } => {
  const scale = useAppStore((s) => s.settings?.uiScale ?? 1);
  return { task: Math.round(3.3 * 16 * scale), step: Math.round(2.6 * 16 * scale) };
};

function Agreement({ summary }: { summary: ReviewSummary | null }) {
  const a = summary?.judgeAgreement;
  if (!a) return null;
  return (
    <p className="review-agreement" data-testid="judge-agreement" data-n={a.n}>
      {a.n === 0 || a.agreement === null
        ? 'Judge agreement: no result has a human verdict yet.'
        : `Judge agreement: ${(a.agreement * 100).toFixed(2)}% over ${a.n} reviewed result(s)${a.kappa === null ? ' (κ undefined: one label only)' : `, κ = ${a.kappa.toFixed(3)}`}`}
    </p>
  );
}

/** The results, and the open result's steps: the desk's left column. */
function Navigator() {
  const r = useAppStore(
    useShallow((s) => ({
      rows: s.reviewRows,
      visible: s.reviewVisible,
      selectedKey: s.reviewSelectedKey,
      selectIndex: s.selectReviewIndex,
      t: s.reviewTrajectory,
      step: s.reviewStep,
      setStep: s.setReviewStep,
    })),
  );
  const h = useRowHeights();
  const selectedIndex = useMemo(
    () => reviewSelectedIndex({ reviewVisible: r.visible, reviewSelectedKey: r.selectedKey }),
    [r.visible, r.selectedKey],
  );
  return (
    <div className="review-nav">
      <p className="muted review-count" data-testid="review-count" title="↑ ↓ move between results, ← → between steps">
        {r.visible.length} of {r.rows.length} result(s)
      </p>
      <TaskList rows={r.visible} selectedIndex={selectedIndex} onSelect={r.selectIndex} rowHeight={h.task} />
      {r.t && r.t.steps.length > 0 && (
        <StepStrip
          steps={r.t.steps}
          current={r.step}
          onSelect={r.setStep}
          rowHeight={h.step}
          aspect={r.t.screen.width / r.t.screen.height}
        />
      )}
    </div>
  );
}

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
  if (!r.t) return <p className="review-empty">Choose a result on the left (or press ↓) to see its steps.</p>;
  return (
    <TrajectoryViewer
      t={r.t}
      step={r.step}
      onStep={r.setStep}
      label={<LabelForm key={rowKey(r.t.key)} row={r.t.row} saving={r.saving} onSave={(l) => void r.save(l)} />}
    />
  );
}

export function ReviewPage() {
  const r = useAppStore(
    useShallow((s) => ({
      runs: s.runs,
      runId: s.reviewRunId,
      rows: s.reviewRows,
      filters: s.reviewFilters,
      summary: s.reviewSummary,
      exitChart: s.reviewExitChart,
      compareWith: s.reviewCompareWith,
      comparison: s.reviewComparison,
      opened: s.reviewOpened,
      closed: s.reviewClosed,
      openRun: s.openReviewRun,
      setFilters: s.setReviewFilters,
      moveStep: s.moveReviewStep,
      moveTask: s.moveReviewTask,
      compare: s.compareReviewWith,
    })),
  );
  const [view, setView] = useState<'desk' | 'summary'>('desk');
  const { moveStep, moveTask, opened, closed } = r;

  useEffect(() => {
    void opened();
    return closed;
  }, [opened, closed]);

  // ←/→ steps, ↑/↓ results, anywhere on the page except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || ownsArrows(e.target)) return;
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
  }, [moveStep, moveTask]);

  const exit = r.exitChart?.runId === r.runId ? r.exitChart.chart : null;
  return (
    <section aria-labelledby="page-title" className="review-page" data-testid="review-page" data-view={view}>
      <div className="review-top" data-review-keys>
        <h1 id="page-title">Review</h1>
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
        {r.runId && (
          <div className="button-row review-views" role="group" aria-label="View">
            <button
              type="button"
              className="secondary"
              aria-pressed={view === 'desk'}
              onClick={() => setView('desk')}
              data-testid="review-view-desk"
            >
              Results
            </button>
            <button
              type="button"
              className="secondary"
              aria-pressed={view === 'summary'}
              onClick={() => setView('summary')}
              data-testid="review-view-summary"
            >
              Table 4, chart, compare
            </button>
          </div>
        )}
        <Agreement summary={r.runId ? r.summary : null} />
      </div>
      {r.runs.length === 0 && <p>No runs yet: start one on the Runs screen, then review it here.</p>}
      {r.runId && view === 'desk' && (
        <>
          <div data-review-keys>
            <FilterBar rows={r.rows} filters={r.filters} onChange={r.setFilters} />
          </div>
          <div className="review-desk">
            <Navigator />
            <OpenResult />
          </div>
        </>
      )}
      {r.runId && view === 'summary' && (
        <div className="review-summary-view" tabIndex={0} role="region" aria-label="Run summary">
          {r.summary && <SummaryPanel summary={r.summary} />}
          {exit && <ExitChart chart={exit} />}
          <ComparePanel runs={r.runs} runId={r.runId} other={r.compareWith} onOther={(id) => void r.compare(id)} rows={r.comparison} />
        </div>
      )}
    </section>
  );
}
