import type { Action } from '../../../shared/domain/action.js';
import type { ReportMark } from './model.js';

/** The mark a step's action leaves on its screenshot: a ring, an arrow, or the typed text. */
export function markOf(a: Action | null): ReportMark | null {
  if (!a) return null;
  if (a.type === 'Tap' || a.type === 'DoubleTap' || a.type === 'LongPress') return { kind: 'tap', x: a.at.x, y: a.at.y };
  if (a.type === 'Swipe') return { kind: 'swipe', x1: a.from.x, y1: a.from.y, x2: a.to.x, y2: a.to.y };
  if (a.type === 'Type') return { kind: 'type', text: a.text };
  return null;
}

const n = (v: number): string => String(Math.round(v * 10) / 10);

/**
 * The mark as inline SVG over an image of any size (viewBox in canonical units, stretched to
 * the picture): a ring for a tap, a line with an arrowhead for a swipe. Typed text is shown
 * as a caption by the template instead.
 */
export function markSvg(m: ReportMark | null): string {
  if (!m || m.kind === 'type') return '';
  const body =
    m.kind === 'tap'
      ? `<ellipse cx="${n(m.x)}" cy="${n(m.y)}" rx="45" ry="20" class="ring"/>`
      : `<line x1="${n(m.x1)}" y1="${n(m.y1)}" x2="${n(m.x2)}" y2="${n(m.y2)}" class="swipe" marker-end="url(#arrowhead)"/>` +
        `<circle cx="${n(m.x1)}" cy="${n(m.y1)}" r="12" class="swipe-start"/>`;
  return `<svg class="mark" viewBox="0 0 1000 1000" preserveAspectRatio="none" aria-hidden="true">${body}</svg>`;
}
