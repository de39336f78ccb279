import type { Trajectory } from '../../../../shared/domain/review.js';
import { TaskText } from '../../components/TaskText.js';
import { blobUrl } from '../../platform/api.js';
import { Verdict } from './Verdict.js';

interface Judge {
  judge?: string;
  pass?: boolean | null;
  reason?: string;
  rule?: { pass: boolean; reason: string } | null;
  vlm?: { pass: boolean | null; reason: string } | null;
}

const verdictText = (p: boolean | null | undefined): string => (p === true ? 'pass' : p === false ? 'fail' : 'no verdict');

/** The open result in a few lines: which task and agent, what it was asked, how it ended and why. */
export function ResultHeader({ t }: { t: Trajectory }) {
  const r = t.result as { judge?: Judge; finalNode?: string; finalDone?: boolean; path?: string[]; judgeFrames?: string[] };
  const steps = t.steps.length;
  return (
    <div className="review-result" data-testid="review-result">
      <h2 id="trajectory-title">
        {t.key.taskId} · {t.key.agent} · {t.key.mode}
      </h2>
      <p className="review-instruction">
        “<TaskText task={t.row} />”
      </p>
      <p>
        <Verdict row={t.row} /> · exit <code>{t.row.exit}</code> after {steps} step{steps === 1 ? '' : 's'}
      </p>
      <p className="muted">
        {t.row.app} · {t.row.semantic} · {t.row.syntactic} · {t.row.scenario}
      </p>
      {t.key.mode === 'offline' && (
        <p data-testid="review-offline-result" className="clamp" title={r.path?.join(' → ')}>
          Final node <code>{r.finalNode ?? '?'}</code> ({r.finalDone ? 'a DONE node' : 'not a DONE node'}); path{' '}
          {r.path?.join(' → ') ?? '—'}
        </p>
      )}
      {r.judge && (
        <div className="review-judge" data-testid="review-judge">
          <p className="clamp" title={r.judge.reason}>
            <strong>Judge ({r.judge.judge}):</strong> <span data-testid="judge-verdict">{verdictText(r.judge.pass)}</span> —{' '}
            <span data-testid="judge-reason">{r.judge.reason}</span>
          </p>
          {(r.judge.rule || r.judge.vlm || (r.judgeFrames?.length ?? 0) > 0) && (
            <details>
              <summary>The judge in detail</summary>
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
            </details>
          )}
        </div>
      )}
    </div>
  );
}
