import { useEffect, useRef } from 'react';
import type { StepView } from '../../../../shared/domain/recording.js';
import { describeAction } from '../../../../shared/domain/describe-action.js';
import { blobUrl } from '../../platform/api.js';

interface PxPoint {
  x: number;
  y: number;
}

function describe(s: StepView): string {
  if (!s.action) return 'Final screen (DONE)';
  const target = (s.actionPx?.target as { text?: string } | undefined)?.text;
  const at = 'at' in s.action && target ? ` at (${s.action.at.x}, ${s.action.at.y})` : '';
  return describeAction(s.action, target) + at;
}

/** Where the annotator's finger went, drawn on the step's own screenshot. */
function Marker({ step }: { step: StepView }) {
  const px = step.actionPx;
  if (!px) return null;
  const { screen } = px;
  const pos = (p: PxPoint) => ({ left: `${(p.x / screen.width) * 100}%`, top: `${(p.y / screen.height) * 100}%` });
  if ('at' in px) return <span className="tap-marker" style={pos(px.at)} aria-hidden="true" />;
  if ('from' in px) {
    return (
      <>
        <span className="tap-marker swipe-from" style={pos(px.from)} aria-hidden="true" />
        <span className="tap-marker swipe-to" style={pos(px.to)} aria-hidden="true" />
      </>
    );
  }
  return null;
}

/**
 * The recorded steps with thumbnails and the finger drawn on each. `pending` is the index
 * of a step still being captured (shown as a placeholder); `follow` keeps the newest step
 * in view as steps arrive.
 */
export function StepList({ steps, pending = null, follow = false }: { steps: StepView[]; pending?: number | null; follow?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [follow, steps.length, pending]);
  if (steps.length === 0 && pending === null) return <p>No steps yet: act on the phone to record the first one.</p>;
  return (
    <div className="step-scroll" ref={ref} tabIndex={0} role="region" aria-label="Recorded steps" data-own-arrows>
      <ol className="step-list" data-testid="step-list">
        {steps.map((s) => (
          <li key={s.idx} data-testid="step">
            {/* Until its screenshot is stored (a moment after the step), a placeholder of the same size. */}
            <div className={s.thumbnailBlob ? 'thumb' : 'thumb thumb-pending'} data-saved={s.thumbnailBlob ? 'true' : 'false'}>
              {s.thumbnailBlob && <img src={blobUrl(s.thumbnailBlob)} alt={`Screen before step ${s.idx + 1}`} />}
              <Marker step={s} />
            </div>
            <span>
              {s.idx + 1}. {describe(s)}
            </span>
          </li>
        ))}
        {pending !== null && (
          <li className="step-pending" data-testid="step-pending" aria-hidden="true">
            <div className="thumb thumb-pending" />
            <span>{pending + 1}. capturing…</span>
          </li>
        )}
      </ol>
    </div>
  );
}
