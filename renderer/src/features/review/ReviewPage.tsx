import { useEffect } from 'react';
import { useAppStore } from '../../store/app-store.js';
import { ComparePanel } from './ComparePanel.js';
import { ExitChart } from './ExitChart.js';
import { FilterBar } from './FilterBar.js';
import { rowKey } from './filters.js';
import { LabelForm } from './LabelForm.js';
import { SummaryPanel } from './SummaryPanel.js';
import { TaskList } from './TaskList.js';
import { TrajectoryViewer } from './TrajectoryViewer.js';
import { useReview } from './use-review.js';

const typing = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

export function ReviewPage() {
  const r = useReview();
  const scale = useAppStore((s) => s.settings?.uiScale ?? 1);
  // Two lines of text per row at the user's scale (the root font size follows --ui-scale).
  const rowHeight = Math.round(3.6 * 16 * scale);
  const { moveStep, moveTask } = r;

  // ←/→ steps, ↑/↓ tasks, anywhere on the page except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => moveStep(-1), ArrowRight: () => moveStep(1), ArrowUp: () => moveTask(-1), ArrowDown: () => moveTask(1),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [moveStep, moveTask]);

  const t = r.trajectory;
  return (
    <section aria-labelledby="page-title" className="review-page" data-testid="review-page">
      <h1 id="page-title">Review</h1>
      <div className="review-head">
        <label>
          Run
          <select data-testid="review-run" value={r.runId ?? ''} onChange={(e) => r.setRunId(e.target.value || null)}>
            {r.runId === null && <option value="">Choose a run…</option>}
            {r.runs.map((run) => (<option key={run.id} value={run.id}>{run.id} ({run.mode}, {run.results} results, {run.status})</option>))}
          </select>
        </label>
        <p className="muted">↑ ↓ move between tasks, ← → between steps.</p>
      </div>
      {r.runs.length === 0 && <p>No runs yet: start one on the Runs screen, then review it here.</p>}
      {r.runId && (
        <>
          <FilterBar rows={r.rows} filters={r.filters} onChange={r.setFilters} />
          <div className="review-layout">
            <div className="review-side">
              <p className="muted" data-testid="review-count">{r.visible.length} of {r.rows.length} result(s)</p>
              <TaskList rows={r.visible} selectedIndex={r.selectedIndex} onSelect={r.selectIndex} rowHeight={rowHeight} />
            </div>
            <div className="review-main">
              {t ? (
                <>
                  <TrajectoryViewer t={t} step={r.step} onStep={r.setStep} rowHeight={rowHeight} />
                  <LabelForm key={rowKey(t.key)} row={t.row} saving={r.saving} onSave={(l) => void r.saveLabel(l)} />
                </>
              ) : (
                <p>Choose a task on the left (or press ↓) to see its steps.</p>
              )}
            </div>
          </div>
          {r.summary && <SummaryPanel summary={r.summary} />}
          <ExitChart runId={r.runId} />
          <ComparePanel runs={r.runs} runId={r.runId} other={r.compareWith} onOther={r.setCompareWith} rows={r.comparison} />
        </>
      )}
    </section>
  );
}
