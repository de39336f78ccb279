import { useEffect, useRef, useState } from 'react';
import type { Action } from '../../../../shared/domain/action.js';
import type { UiHierarchy } from '../../../../shared/domain/ui-node.js';
import { frameUrl } from '../../platform/api.js';
import { fitScreen } from './fit.js';
import type { PointerSample } from './gesture.js';
import { classifyGesture, TAP_SLOP_PX } from './gesture.js';
import type { GestureResult, LiveGesture } from './GestureFeedback.js';
import { GestureFeedback } from './GestureFeedback.js';
import { HierarchyOverlay } from './HierarchyOverlay.js';
import { useBoxSize } from './use-box-size.js';
import { useMirror } from './use-mirror.js';

export interface MirrorProps {
  serial: string;
  /** Called with the canonical action a click, hold or drag on the mirror means. */
  onAction(action: Action): void;
  /** While true, the screen is veiled and takes no input (a step is being captured). */
  busy?: boolean;
  /** What the veil says while busy. */
  busyText?: string;
  hierarchy?: UiHierarchy | null;
  /** A mirror that only shows (e.g. a run in progress): no gestures. */
  readOnly?: boolean;
  /**
   * Widest the screen may be drawn, px. Layouts that size the mirror's column by its
   * content pass this (the box's own width would follow the picture); others leave it out.
   */
  maxWidth?: number;
}

/** Border drawn around the screen, px (matches .mirror-screen in styles.css). */
const FRAME_PX = 3;
const RESULT_MS = 900;
const DEFAULT_SCREEN = { width: 1080, height: 2400 };

/**
 * The live phone screen, as large as its box allows with the phone's aspect ratio:
 * click = tap, press-and-hold = long press, drag = swipe, each drawn while it happens.
 */
export function Mirror({
  serial,
  onAction,
  busy = false,
  busyText = 'Working…',
  hierarchy = null,
  readOnly = false,
  maxWidth,
}: MirrorProps) {
  const { frame, fps, error, status } = useMirror(serial);
  const [boxRef, box] = useBoxSize<HTMLDivElement>();
  const size = fitScreen({ width: maxWidth ?? box.width, height: box.height }, frame ?? DEFAULT_SCREEN, FRAME_PX);
  const down = useRef<PointerSample | null>(null);
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [live, setLive] = useState<LiveGesture | null>(null);
  const [result, setResult] = useState<GestureResult | null>(null);
  const [blocked, setBlocked] = useState(0);

  useEffect(() => {
    if (!result) return;
    const t = setTimeout(() => setResult(null), RESULT_MS);
    return () => clearTimeout(t);
  }, [result]);

  const sample = (e: React.PointerEvent): PointerSample => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top, t: e.timeStamp };
  };

  const interactive = !readOnly && frame !== null;
  return (
    <figure className={`mirror${readOnly ? ' read-only' : ''}`} aria-label={`Screen of ${serial}`}>
      <div className="mirror-box" ref={boxRef}>
        <div
          className={`mirror-screen${busy ? ' busy' : ''}`}
          data-testid="mirror"
          data-frame={frame?.frameId ?? ''}
          data-path={status?.path ?? ''}
          data-busy={busy ? 'true' : 'false'}
          style={{ width: size.width || undefined, height: size.height || undefined }}
        >
          {frame ? (
            <img
              src={frameUrl(frame.frameId)}
              alt={`Live screen of ${serial}`}
              draggable={false}
              onPointerDown={(e) => {
                if (!interactive) return;
                if (busy) {
                  setBlocked((n) => n + 1);
                  return;
                }
                e.currentTarget.setPointerCapture(e.pointerId);
                const s = sample(e);
                down.current = s;
                setLive({ start: s, now: s, dragging: false });
              }}
              onPointerMove={(e) => {
                const r = e.currentTarget.getBoundingClientRect();
                setPointer({ x: ((e.clientX - r.left) / r.width) * frame.width, y: ((e.clientY - r.top) / r.height) * frame.height });
                const start = down.current;
                if (!start) return;
                const now = sample(e);
                setLive({ start, now, dragging: Math.hypot(now.x - start.x, now.y - start.y) > TAP_SLOP_PX });
              }}
              onPointerLeave={() => setPointer(null)}
              onPointerCancel={() => {
                down.current = null;
                setLive(null);
              }}
              onPointerUp={(e) => {
                const start = down.current;
                down.current = null;
                setLive(null);
                if (!start || busy || !interactive) return;
                const end = sample(e);
                const r = e.currentTarget.getBoundingClientRect();
                const action = classifyGesture(start, end, { width: r.width, height: r.height });
                setResult((prev) => ({ action, start, end, key: (prev?.key ?? 0) + 1 }));
                onAction(action);
              }}
            />
          ) : (
            <p className="mirror-wait">{error ?? 'Connecting to the device…'}</p>
          )}
          {frame && hierarchy && <HierarchyOverlay hierarchy={hierarchy} screen={frame} pointer={pointer} />}
          {frame && size.width > 0 && <GestureFeedback size={size} live={live} result={result} />}
          {busy && (
            <div className="mirror-veil" aria-hidden="true" data-testid="mirror-veil" onPointerDown={() => setBlocked((n) => n + 1)}>
              <span key={blocked} className={blocked ? 'mirror-veil-text nudge' : 'mirror-veil-text'}>
                {busyText}
              </span>
            </div>
          )}
        </div>
      </div>
      <figcaption>
        <span data-testid="mirror-fps">{fps.toFixed(1)} fps</span>
        {status?.path && (
          <span data-testid="mirror-path">
            {' · '}
            {status.path === 'minicap' ? 'minicap stream' : 'screencap'}
          </span>
        )}
        {frame && ` · ${frame.width}×${frame.height}`}
        {frame?.path === 'screencap' && ` · capture ${frame.captureMs.toFixed(0)} ms`}
        {status?.path === 'screencap' && status.reason && (
          <span className="mirror-fallback" data-testid="mirror-fallback" title={status.reason}>
            {' · slow mirror: '}
            {status.reason}
          </span>
        )}
        {error && frame && <span className="error"> · {error}</span>}
      </figcaption>
    </figure>
  );
}
