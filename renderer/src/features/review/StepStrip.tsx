import { useEffect } from 'react';
import type { ReviewStep } from '../../../../shared/domain/review.js';
import { blobUrl } from '../../platform/api.js';
import { describeAction } from './describe-action.js';
import { ScaledImage } from './ScaledImage.js';
import { useWindow } from './use-window.js';

/** The open result's steps, virtualized: 10k steps cost as much as the dozen in view. */
export function StepStrip({
  steps,
  current,
  onSelect,
  rowHeight,
  aspect,
}: {
  steps: ReviewStep[];
  current: number;
  onSelect(i: number): void;
  rowHeight: number;
  aspect: number;
}) {
  const w = useWindow(steps.length, rowHeight);
  const { reveal } = w;
  useEffect(() => reveal(current), [reveal, current]);
  return (
    <div
      className="review-steps"
      ref={w.ref}
      onScroll={w.onScroll}
      role="listbox"
      aria-label="Steps; ← and → move between them"
      data-testid="review-steps"
    >
      <div style={{ height: w.total, position: 'relative' }}>
        {steps.slice(w.start, w.end).map((s, j) => {
          const i = w.start + j;
          const m = (s.details.match as { matched?: boolean } | undefined)?.matched;
          return (
            <div
              key={s.idx}
              role="option"
              aria-selected={i === current}
              className="review-step-row"
              style={{ top: i * rowHeight, height: rowHeight }}
              onClick={() => onSelect(i)}
            >
              <span className="review-thumb">
                {s.observationBlob && (
                  <ScaledImage key={s.observationBlob} src={blobUrl(s.observationBlob)} alt="" aspect={aspect} thumbnail />
                )}
              </span>
              <span>
                {i + 1}. {describeAction(s.action)}
                {m === true ? ' ✓' : m === false ? ' ✗' : ''}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
