import { useRef, useState } from 'react';
import type { Action } from '../../../../shared/domain/action.js';
import type { UiHierarchy } from '../../../../shared/domain/ui-node.js';
import { frameUrl } from '../../platform/api.js';
import type { PointerSample } from './gesture.js';
import { classifyGesture } from './gesture.js';
import { HierarchyOverlay } from './HierarchyOverlay.js';
import { useMirror } from './use-mirror.js';

export interface MirrorProps {
  serial: string;
  /** Called with the canonical action a click, hold or drag on the mirror means. */
  onAction(action: Action): void;
  busy?: boolean;
  hierarchy?: UiHierarchy | null;
}

/** The live phone screen: click = tap, press-and-hold = long press, drag = swipe. */
export function Mirror({ serial, onAction, busy = false, hierarchy = null }: MirrorProps) {
  const { frame, fps, error } = useMirror(serial);
  const down = useRef<PointerSample | null>(null);
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);

  const sample = (e: React.PointerEvent): PointerSample => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top, t: e.timeStamp };
  };

  return (
    <figure className="mirror" aria-label={`Screen of ${serial}`}>
      <div className="mirror-screen" data-testid="mirror" data-frame={frame?.frameId ?? ''}>
        {frame ? (
          <img
            ref={imgRef}
            src={frameUrl(frame.frameId)}
            alt={`Live screen of ${serial}`}
            draggable={false}
            onPointerDown={(e) => {
              if (busy) return;
              e.currentTarget.setPointerCapture(e.pointerId);
              down.current = sample(e);
            }}
            onPointerMove={(e) => {
              const r = e.currentTarget.getBoundingClientRect();
              setPointer({ x: ((e.clientX - r.left) / r.width) * frame.width, y: ((e.clientY - r.top) / r.height) * frame.height });
            }}
            onPointerLeave={() => setPointer(null)}
            onPointerUp={(e) => {
              const start = down.current;
              down.current = null;
              if (!start || busy) return;
              const r = e.currentTarget.getBoundingClientRect();
              onAction(classifyGesture(start, sample(e), { width: r.width, height: r.height }));
            }}
          />
        ) : (
          <p className="mirror-wait">{error ?? 'Connecting to the device…'}</p>
        )}
        {frame && hierarchy && <HierarchyOverlay hierarchy={hierarchy} screen={frame} pointer={pointer} />}
      </div>
      <figcaption>
        <span data-testid="mirror-fps">{fps.toFixed(1)} fps</span>
        {frame && ` · ${frame.width}×${frame.height} · capture ${frame.captureMs.toFixed(0)} ms`}
        {error && frame && <span className="error"> · {error}</span>}
        {busy && <span> · working…</span>}
      </figcaption>
    </figure>
  );
}
