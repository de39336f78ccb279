import type { ReactNode } from 'react';
import type { Trajectory } from '../../../../shared/domain/review.js';
import { Conversation } from './Conversation.js';
import { describeAction } from './describe-action.js';
import { FittedShot } from './FittedShot.js';
import { ResultHeader } from './ResultHeader.js';
import { StepDetails } from './StepDetails.js';
import { StepSideEffects } from './StepSideEffects.js';
import { counted } from '../../components/plural.js';

/** The human demonstration's step at the agent's step (its last when the agent went on longer). */
const humanIndex = (t: Trajectory, step: number): number => Math.min(step, (t.human?.length ?? 1) - 1);

function HumanPane({ t, step }: { t: Trajectory; step: number }) {
  if (!t.human || t.human.length === 0)
    return (
      <section className="review-pane review-human-pane" aria-labelledby="human-title">
        <div className="pane-head">
          <h3 id="human-title">Human</h3>
        </div>
        <p className="muted" data-testid="human-none">
          No finished human demonstration for this task.
        </p>
      </section>
    );
  const i = humanIndex(t, step);
  const h = t.human[i]!;
  return (
    <section className="review-pane review-human-pane" aria-labelledby="human-title" data-testid="human-panel">
      <div className="pane-head">
        <h3 id="human-title">Human</h3>
        <span>
          step {i + 1} of {t.human.length}
        </span>
      </div>
      <FittedShot
        blob={h.screenshotBlob}
        action={h.action}
        alt={`Human demonstration, screen before step ${i + 1}`}
        testid="human-shot"
        screen={h.actionPx?.screen ?? t.screen}
      />
      <p className="pane-caption">{h.action ? describeAction(h.action) : 'Done: the goal is on the screen'}</p>
    </section>
  );
}

/** The human demonstration's whole path, the step beside the agent's in bold. */
function HumanPath({ t, step }: { t: Trajectory; step: number }) {
  if (!t.human || t.human.length === 0) return null;
  const at = t.human[humanIndex(t, step)]!.idx;
  return (
    <details className="review-human-path-box">
      <summary>Human path ({counted(t.human.length, 'step')})</summary>
      <ol className="review-human-path">
        {t.human.map((s) => (
          <li key={s.idx} aria-current={s.idx === at ? 'step' : undefined}>
            {s.action ? describeAction(s.action) : 'Done'}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * The open result as a reviewer's desk: the agent's screen at this step with its action drawn on
 * it, the human demonstration's matching step beside it, then the result, the label form and the
 * step's details. Laid out as three cells of the Review screen's grid (see .review-desk).
 */
export function TrajectoryViewer({ t, step, onStep, label }: { t: Trajectory; step: number; onStep(i: number): void; label: ReactNode }) {
  const s = t.steps[step];
  const n = t.steps.length;
  return (
    <div className="review-open" data-testid="trajectory">
      <div className="review-stepbar">
        {n > 0 && (
          <>
            <button
              type="button"
              className="secondary"
              onClick={() => onStep(step - 1)}
              disabled={step === 0}
              aria-label="Previous step (←)"
            >
              ← Previous
            </button>
            <span data-testid="step-counter" aria-live="polite">
              Step {step + 1} of {n}
            </span>
            <button
              type="button"
              className="secondary"
              onClick={() => onStep(step + 1)}
              disabled={step >= n - 1}
              aria-label="Next step (→)"
            >
              Next →
            </button>
          </>
        )}
      </div>
      <section className="review-pane review-agent-pane" aria-labelledby="agent-title">
        <div className="pane-head">
          <h3 id="agent-title">Agent</h3>
        </div>
        {s ? (
          <>
            <FittedShot
              blob={s.observationBlob}
              action={s.action}
              alt={`Screen the agent saw at step ${step + 1}`}
              testid="step-shot"
              screen={t.screen}
              prefetch={[t.steps[step + 1]?.observationBlob ?? null, t.steps[step - 1]?.observationBlob ?? null]}
            />
            <p className="pane-caption" data-testid="step-action" title={describeAction(s.action)}>
              {describeAction(s.action)}
            </p>
            <StepSideEffects t={t} step={s} onStep={onStep} />
          </>
        ) : (
          <p>This result has no recorded steps.</p>
        )}
      </section>
      <HumanPane t={t} step={step} />
      <div className="review-side-pane" tabIndex={0} role="region" aria-label="The result, your label and the step's details">
        <ResultHeader t={t} />
        {label}
        {s && <StepDetails s={s} mode={t.key.mode} />}
        <Conversation instruction={t.row.instruction} steps={t.steps} onSelect={onStep} />
        <HumanPath t={t} step={step} />
      </div>
    </div>
  );
}
