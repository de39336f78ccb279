import type { Action } from '../../../../shared/domain/action.js';
import { fitScreen } from '../mirror/fit.js';
import { useBoxSize } from '../mirror/use-box-size.js';
import { Screenshot } from './Screenshot.js';

/** The figure's border (each side, px; see .review-shot), which the box must hold too. */
const BORDER = 2;

/**
 * A step's screenshot as large as its pane allows with the phone's aspect kept: the pane's
 * height (the window's) bounds it, so the whole screen and the action drawn on it are in view.
 */
export function FittedShot(p: {
  blob: string | null;
  action: Action | null;
  alt: string;
  testid: string;
  screen: { width: number; height: number };
  prefetch?: (string | null)[];
}) {
  const [ref, box] = useBoxSize<HTMLDivElement>();
  const size = fitScreen(box, p.screen, BORDER);
  return (
    <div className="shot-box" ref={ref}>
      {size.width > 0 && (
        <Screenshot
          blob={p.blob}
          action={p.action}
          alt={p.alt}
          testid={p.testid}
          aspect={p.screen.width / p.screen.height}
          size={size}
          {...(p.prefetch ? { prefetch: p.prefetch } : {})}
        />
      )}
    </div>
  );
}
