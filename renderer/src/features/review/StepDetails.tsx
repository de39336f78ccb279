import type { ReviewStep } from '../../../../shared/domain/review.js';
import { describeMatch } from './describe-action.js';

/** The rest of a step: the graph edge it matched (offline), the foreground app, timings, and the model's raw output. */
export function StepDetails({ s, mode }: { s: ReviewStep; mode: string }) {
  const match = mode === 'offline' ? describeMatch(s.details) : null;
  const d = s.details;
  const fg = typeof d.foreground === 'string' ? d.foreground : d.foreground?.package;
  const timing = Object.entries(s.timings)
    .map(([k, v]) => `${k.replace(/_ms$/, '')} ${Math.round(v)} ms`)
    .join(' · ');
  return (
    <dl className="review-step-details" data-testid="step-details">
      {match && (
        <>
          <dt>Task graph</dt>
          <dd data-testid="step-match">
            {match}
            {d.node ? ` (from node ${d.node})` : ''}
          </dd>
        </>
      )}
      {fg && (
        <>
          <dt>Foreground app</dt>
          <dd>{fg}</dd>
        </>
      )}
      {timing && (
        <>
          <dt>Timings</dt>
          <dd>{timing}</dd>
        </>
      )}
      <dt>Raw model output</dt>
      <dd>
        <pre className="review-raw" data-testid="step-raw">
          {s.raw || '(empty)'}
        </pre>
      </dd>
    </dl>
  );
}
