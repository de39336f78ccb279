import { useEffect } from 'react';
import type { ReviewTaskRow } from '../../../../shared/domain/review.js';
import { rowKey } from '../../store/slices/review-filters.js';
import { Verdict } from './Verdict.js';
import { useWindow } from './use-window.js';
import { counted } from '../../components/plural.js';

/** The run's tasks, virtualized: only the rows in view are in the DOM. */
export function TaskList({
  rows,
  selectedIndex,
  onSelect,
  rowHeight,
}: {
  rows: ReviewTaskRow[];
  selectedIndex: number;
  onSelect(i: number): void;
  rowHeight: number;
}) {
  const w = useWindow(rows.length, rowHeight);
  const { reveal } = w;
  useEffect(() => reveal(selectedIndex), [reveal, selectedIndex]);
  const active = rows[selectedIndex];
  return (
    <div
      className="review-tasks"
      ref={w.ref}
      onScroll={w.onScroll}
      role="listbox"
      aria-label={`Tasks (${rows.length}); ↑ and ↓ move between them`}
      aria-activedescendant={active ? `review-task-${selectedIndex}` : undefined}
      data-testid="review-tasks"
      data-count={rows.length}
      tabIndex={0}
    >
      <div style={{ height: w.total, position: 'relative' }}>
        {rows.slice(w.start, w.end).map((r, j) => {
          const i = w.start + j;
          return (
            <div
              key={rowKey(r)}
              id={`review-task-${i}`}
              role="option"
              aria-selected={i === selectedIndex}
              className="review-task"
              style={{ top: i * rowHeight, height: rowHeight }}
              onClick={() => onSelect(i)}
              data-testid="review-task"
              data-key={rowKey(r)}
            >
              <span className="review-task-line">
                <Verdict row={r} /> <span className="review-task-id">{r.taskId}</span>
                {r.label?.humanVerdict && (
                  <>
                    {' '}
                    <span className="tag">reviewed: {r.label.humanVerdict}</span>
                  </>
                )}
              </span>
              <span className="review-task-line muted">
                {r.label?.failureCategory && (
                  <>
                    <span className="tag">{r.label.failureCategory}</span>{' '}
                  </>
                )}
                {r.agent} · {r.mode} · {counted(r.steps, 'step')} · {r.exit}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
