import type { Action } from '../../../../shared/domain/action.js';
import { LONG_PRESS_MS } from './gesture.js';

/** Where the finger is (or was), in pixels of the drawn screen. */
export interface LiveGesture {
  start: { x: number; y: number };
  now: { x: number; y: number };
  /** Moved past the tap slop: a swipe is being drawn. */
  dragging: boolean;
}

/** What a finished gesture became, shown briefly where it happened. */
export interface GestureResult {
  action: Action;
  /** The same points in pixels of the drawn screen. */
  start: { x: number; y: number };
  end: { x: number; y: number };
  /** Changes on every gesture, so the same gesture twice still flashes. */
  key: number;
}

const label = (a: Action): string => {
  if (a.type === 'Tap') return 'Tap';
  if (a.type === 'LongPress') return `Long press ${((a.ms ?? LONG_PRESS_MS) / 1000).toFixed(1)} s`;
  if (a.type === 'Swipe') {
    const dx = a.to.x - a.from.x;
    const dy = a.to.y - a.from.y;
    return `Swipe ${Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? '→' : '←') : dy > 0 ? '↓' : '↑'}`;
  }
  return a.type;
};

/**
 * Visible feedback on the mirror: a ring where the finger went down that fills up while it
 * is held (full = long press), a line while dragging, then the recognised gesture for a
 * moment. Drawn in the screen's own pixels; decorative for assistive technology (the step
 * list says the same in words).
 */
export function GestureFeedback({
  size,
  live,
  result,
}: {
  size: { width: number; height: number };
  live: LiveGesture | null;
  result: GestureResult | null;
}) {
  const r = Math.max(14, Math.round(size.width * 0.06));
  return (
    <svg
      className="gesture-layer"
      width={size.width}
      height={size.height}
      viewBox={`0 0 ${size.width} ${size.height}`}
      aria-hidden="true"
      data-testid="gesture-feedback"
    >
      <defs>
        <marker id="gesture-arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto">
          <path d="M0,0 L4,2 L0,4 z" fill="currentColor" />
        </marker>
      </defs>
      {live && (
        <g className="gesture-live" data-testid={live.dragging ? 'gesture-dragging' : 'gesture-pressing'}>
          <circle className="gesture-ring" cx={live.start.x} cy={live.start.y} r={r} />
          {!live.dragging && (
            <circle
              className="gesture-hold"
              cx={live.start.x}
              cy={live.start.y}
              r={r}
              pathLength={100}
              style={{ animationDuration: `${LONG_PRESS_MS}ms` }}
            />
          )}
          {live.dragging && (
            <line
              className="gesture-line"
              x1={live.start.x}
              y1={live.start.y}
              x2={live.now.x}
              y2={live.now.y}
              markerEnd="url(#gesture-arrow)"
            />
          )}
        </g>
      )}
      {result && (
        <g
          key={result.key}
          className={`gesture-result gesture-${result.action.type.toLowerCase()}`}
          data-testid="gesture-result"
          data-gesture={result.action.type}
        >
          {result.action.type === 'Swipe' ? (
            <line
              className="gesture-line"
              x1={result.start.x}
              y1={result.start.y}
              x2={result.end.x}
              y2={result.end.y}
              markerEnd="url(#gesture-arrow)"
            />
          ) : (
            <circle className="gesture-ring" cx={result.start.x} cy={result.start.y} r={r} />
          )}
          <text className="gesture-label" x={size.width / 2} y={Math.max(24, r)} textAnchor="middle">
            {label(result.action)}
          </text>
        </g>
      )}
    </svg>
  );
}
