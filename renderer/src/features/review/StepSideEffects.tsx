import type { ReviewStep, Trajectory } from '../../../../shared/domain/review.js';
import { effectsAtStep } from '../../../../shared/domain/side-effects.js';

/**
 * What the agent changed unasked (docs/runs.md "Side effects"), shown on the step that did it:
 * the acts of this step, and — on the other steps — where the result's side effects are, one
 * click away. Nothing when the result has none; a line when its phone was not watched at all.
 */
export function StepSideEffects({ t, step, onStep }: { t: Trajectory; step: ReviewStep; onStep(i: number): void }) {
  const record = t.result.sideEffects;
  if (!record || t.key.mode !== 'online') return null;
  const here = effectsAtStep(record, step.idx);
  const elsewhere = record.effects.filter((e) => e.step !== step.idx);
  if (here.length === 0 && elsewhere.length === 0) return null;
  const position = (idx: number | null): number => (idx === null ? -1 : t.steps.findIndex((s) => s.idx === idx));
  return (
    <section className="review-side-effects" aria-label="Side effects" data-testid="step-side-effects">
      {here.map((e, k) => (
        <p key={k} className="side-effect" role="note" data-testid="step-side-effect">
          <strong>⚠ {e.irreversible ? 'Irreversible side effect' : 'Side effect'} at this step:</strong> {e.summary}
        </p>
      ))}
      {elsewhere.length > 0 && (
        <p className="muted" data-testid="other-side-effects">
          {here.length ? 'Also: ' : 'Side effects of this task: '}
          {elsewhere.map((e, k) => {
            const i = position(e.step);
            return (
              <span key={k}>
                {k > 0 && '; '}
                {i < 0 ? (
                  <span>{e.summary} (step not known)</span>
                ) : (
                  <button type="button" className="link" onClick={() => onStep(i)} aria-label={`Go to step ${i + 1}: ${e.summary}`}>
                    step {i + 1}: {e.kind}
                  </button>
                )}
              </span>
            );
          })}
        </p>
      )}
    </section>
  );
}
