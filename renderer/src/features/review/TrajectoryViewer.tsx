import { useEffect } from 'react';
import type { ReviewStep, Trajectory } from '../../../../shared/domain/review.js';
import { blobUrl } from '../../platform/api.js';
import { Conversation } from './Conversation.js';
import { describeAction, describeMatch } from './describe-action.js';
import { ScaledImage } from './ScaledImage.js';
import { Screenshot } from './Screenshot.js';
import { StepSideEffects } from './StepSideEffects.js';
import { useWindow } from './use-window.js';
import { Verdict } from './Verdict.js';

interface Judge {
  judge?: string;
  pass?: boolean | null;
  reason?: string;
  rule?: { pass: boolean; reason: string } | null;
  vlm?: { pass: boolean | null; reason: string } | null;
}

const verdictText = (p: boolean | null | undefined): string => (p === true ? 'pass' : p === false ? 'fail' : 'no verdict');

function ResultHeader({ t }: { t: Trajectory }) {
  const r = t.result as { judge?: Judge; finalNode?: string; finalDone?: boolean; path?: string[]; judgeFrames?: string[] };
  return (
    <div className="review-result" data-testid="review-result">
      <p className="review-instruction">
        <strong>Instruction:</strong> {t.row.instruction}
      </p>
      <p>
        <Verdict row={t.row} /> exit <code>{t.row.exit}</code> after {t.steps.length} step(s) · {t.row.app} · {t.row.semantic} ·{' '}
        {t.row.syntactic} · {t.row.scenario}
      </p>
      {t.key.mode === 'offline' && (
        <p data-testid="review-offline-result">
          Final node <code>{r.finalNode ?? '?'}</code> ({r.finalDone ? 'a DONE node' : 'not a DONE node'}); path{' '}
          {r.path?.join(' → ') ?? '—'}
        </p>
      )}
      {r.judge && (
        <div className="review-judge" data-testid="review-judge">
          <p>
            <strong>Judge ({r.judge.judge}):</strong> <span data-testid="judge-verdict">{verdictText(r.judge.pass)}</span> —{' '}
            <span data-testid="judge-reason">{r.judge.reason}</span>
          </p>
          {r.judge.rule && (
            <p className="muted">
              Rule check: {verdictText(r.judge.rule.pass)} — {r.judge.rule.reason}
            </p>
          )}
          {r.judge.vlm && (
            <p className="muted">
              VLM judge: {verdictText(r.judge.vlm.pass)} — {r.judge.vlm.reason}
            </p>
          )}
          {r.judgeFrames && r.judgeFrames.length > 0 && (
            <div className="review-judge-frames" aria-label="Screens the judge saw">
              {r.judgeFrames.map((b, i) => (
                <img
                  key={`${b}${i}`}
                  src={blobUrl(b)}
                  alt={i === r.judgeFrames!.length - 1 ? 'Final screen the judge saw' : `Earlier frame ${i + 1} the judge saw`}
                  loading="lazy"
                  decoding="async"
                />
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function StepDetails({ s, mode }: { s: ReviewStep; mode: string }) {
  const match = mode === 'offline' ? describeMatch(s.details) : null;
  const d = s.details;
  const fg = typeof d.foreground === 'string' ? d.foreground : d.foreground?.package;
  const timing = Object.entries(s.timings)
    .map(([k, v]) => `${k.replace(/_ms$/, '')} ${Math.round(v)} ms`)
    .join(' · ');
  return (
    <dl className="review-step-details" data-testid="step-details">
      <dt>Parsed action</dt>
      <dd data-testid="step-action">{describeAction(s.action)}</dd>
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

/** Virtualized step list: 10k steps cost as much as the dozen in view. */
function StepStrip({
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

function HumanPanel({ t, step }: { t: Trajectory; step: number }) {
  if (!t.human || t.human.length === 0)
    return (
      <p className="muted" data-testid="human-none">
        No finished human demonstration for this task.
      </p>
    );
  const i = Math.min(step, t.human.length - 1);
  const h = t.human[i]!;
  const screen = h.actionPx?.screen ?? t.screen;
  const aspect = screen.width / screen.height;
  return (
    <div data-testid="human-panel">
      <h3>
        Human demonstration — step {i + 1} of {t.human.length}
      </h3>
      <Screenshot
        blob={h.screenshotBlob}
        action={h.action}
        alt={`Human demonstration, screen before step ${i + 1}`}
        testid="human-shot"
        aspect={aspect}
      />
      <p>{describeAction(h.action)}</p>
      <ol className="review-human-path">
        {t.human.map((s) => (
          <li key={s.idx} aria-current={s.idx === h.idx ? 'step' : undefined}>
            {describeAction(s.action)}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TrajectoryViewer({
  t,
  step,
  onStep,
  rowHeight,
}: {
  t: Trajectory;
  step: number;
  onStep(i: number): void;
  rowHeight: number;
}) {
  const s = t.steps[step];
  return (
    <section className="review-trajectory" aria-labelledby="trajectory-title" data-testid="trajectory">
      <h2 id="trajectory-title">
        {t.key.taskId} · {t.key.agent} · {t.key.mode}
      </h2>
      <ResultHeader t={t} />
      {t.steps.length === 0 ? (
        <p>This result has no recorded steps.</p>
      ) : (
        <>
          <div className="review-stepnav">
            <button type="button" onClick={() => onStep(step - 1)} disabled={step === 0} aria-label="Previous step (←)">
              ← Previous
            </button>
            <span data-testid="step-counter" aria-live="polite">
              Step {step + 1} of {t.steps.length}
            </span>
            <button type="button" onClick={() => onStep(step + 1)} disabled={step >= t.steps.length - 1} aria-label="Next step (→)">
              Next →
            </button>
          </div>
          <div className="review-panes">
            <div className="review-step-column">
              <StepStrip steps={t.steps} current={step} onSelect={onStep} rowHeight={rowHeight} aspect={t.screen.width / t.screen.height} />
              <Conversation instruction={t.row.instruction} steps={t.steps} onSelect={onStep} />
            </div>
            <div className="review-agent-pane">
              <h3>Agent — step {step + 1}</h3>
              <Screenshot
                blob={s!.observationBlob}
                action={s!.action}
                alt={`Screen the agent saw at step ${step + 1}`}
                testid="step-shot"
                aspect={t.screen.width / t.screen.height}
                prefetch={[t.steps[step + 1]?.observationBlob ?? null, t.steps[step - 1]?.observationBlob ?? null]}
              />
              <StepSideEffects t={t} step={s!} onStep={onStep} />
              <StepDetails s={s!} mode={t.key.mode} />
            </div>
            <div className="review-human-pane">
              <HumanPanel t={t} step={step} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
