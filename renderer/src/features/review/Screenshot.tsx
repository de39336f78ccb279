import type { Action } from '../../../../shared/domain/action.js';
import { blobUrl } from '../../platform/api.js';
import { ScaledImage } from './ScaledImage.js';

/** A screen with what the agent did drawn on it: a ring for a tap, an arrow for a swipe, a caption for typed text. */
export function Screenshot({
  blob,
  action,
  alt,
  testid,
  aspect,
  prefetch,
  size,
}: {
  blob: string | null;
  action: Action | null;
  alt: string;
  testid?: string;
  aspect: number;
  prefetch?: (string | null)[];
  /** The picture's size in CSS pixels (see FittedShot); without it, as wide as its column allows. */
  size?: { width: number; height: number };
}) {
  return (
    <figure
      className="review-shot"
      data-testid={testid}
      style={size ? { width: size.width, height: size.height, maxWidth: 'none' } : undefined}
    >
      {blob ? (
        <ScaledImage
          key={blob}
          src={blobUrl(blob)}
          alt={alt}
          aspect={aspect}
          prefetch={prefetch?.filter((b): b is string => !!b).map(blobUrl)}
        />
      ) : (
        <div className="review-shot-missing">No screenshot stored for this step</div>
      )}
      {action && <Overlay action={action} />}
    </figure>
  );
}

function Overlay({ action: a }: { action: Action }) {
  if (a.type === 'Tap' || a.type === 'DoubleTap' || a.type === 'LongPress') {
    return (
      <span
        className="review-tap"
        data-testid="marker-tap"
        style={{ left: `${a.at.x / 10}%`, top: `${a.at.y / 10}%` }}
        aria-hidden="true"
      />
    );
  }
  if (a.type === 'Swipe') {
    return (
      <svg className="review-swipe" data-testid="marker-swipe" viewBox="0 0 1000 1000" preserveAspectRatio="none" aria-hidden="true">
        <defs>
          <marker id="review-arrowhead" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto">
            <path d="M0,0 L4,2 L0,4 z" fill="currentColor" />
          </marker>
        </defs>
        <line
          x1={a.from.x}
          y1={a.from.y}
          x2={a.to.x}
          y2={a.to.y}
          stroke="currentColor"
          strokeWidth="5"
          vectorEffect="non-scaling-stroke"
          markerEnd="url(#review-arrowhead)"
        />
      </svg>
    );
  }
  if (a.type === 'Type')
    return (
      <figcaption className="review-typed" data-testid="marker-type">
        ⌨ “{a.text}”
      </figcaption>
    );
  return null;
}
