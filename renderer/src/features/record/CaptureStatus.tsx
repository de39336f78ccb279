import { useEffect, useState } from 'react';
import type { CaptureProgress } from '../../../../shared/domain/recording.js';

const PARTS: { key: keyof CaptureProgress['parts']; text: string }[] = [
  { key: 'screenshot', text: 'screenshot' },
  { key: 'hierarchy', text: 'UI hierarchy' },
  { key: 'foreground', text: 'app' },
];

const PHASE_TEXT: Record<CaptureProgress['phase'], string> = {
  capturing: 'capturing the screen',
  saving: 'saving',
  acting: 'performing the action on the phone',
  done: 'recorded',
  failed: 'failed',
};

export const isCapturing = (c: CaptureProgress | null): boolean => c !== null && c.phase !== 'done' && c.phase !== 'failed';

/** Milliseconds since the capture began, ticking locally from the backend's last report (received at `at`). */
function useElapsed(c: CaptureProgress | null, at: number): number {
  const [now, setNow] = useState(() => performance.now());
  const active = isCapturing(c);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(t);
  }, [active]);
  if (!c) return 0;
  return active ? c.elapsedMs + Math.max(0, now - at) : c.elapsedMs;
}

/**
 * Per-step progress while the phone is busy (a real phone takes seconds per capture):
 * which parts of the observation have arrived, what happens now, and for how long. The
 * phase is announced politely; the running clock is not.
 */
export function CaptureStatus({ capture, at, busy }: { capture: CaptureProgress | null; at: number; busy: boolean }) {
  const elapsed = useElapsed(capture, at);
  const active = isCapturing(capture);
  const what = capture?.kind === 'finish' ? 'Final screen' : `Step ${(capture?.stepIdx ?? 0) + 1}`;
  return (
    <div
      className={`capture-status${active ? ' active' : ''}`}
      data-testid="capture-status"
      data-phase={capture?.phase ?? 'idle'}
      aria-busy={active || busy}
    >
      <p role="status" className="capture-phase">
        {capture ? `${what}: ${PHASE_TEXT[capture.phase]}` : busy ? 'Working…' : 'Ready: act on the phone.'}
        {active && <span className="sr-only"> — please wait, input is paused</span>}
      </p>
      {capture && (
        <p className="capture-parts" aria-hidden="true">
          {PARTS.map((p) => (
            <span key={p.key} className={capture.parts[p.key] ? 'part done' : 'part'} data-testid={`capture-part-${p.key}`}>
              {capture.parts[p.key] ? '✓' : '…'} {p.text}
            </span>
          ))}
          <span className="capture-clock" data-testid="capture-clock">
            {(elapsed / 1000).toFixed(1)} s
          </span>
        </p>
      )}
    </div>
  );
}
