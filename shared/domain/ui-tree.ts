/**
 * Pure helpers over the UI tree that both the backend (recorder, graphs) and the
 * renderer (hierarchy overlay) need; kept here so there is one definition of them.
 */
import type { Bounds, UiHierarchy, UiNode } from './ui-node.js';

/** Every node in document order (parents before children). */
export function flattenUi(h: UiHierarchy): UiNode[] {
  const out: UiNode[] = [];
  const walk = (n: UiNode): void => {
    out.push(n);
    for (const c of n.children) walk(c);
  };
  for (const r of h.roots) walk(r);
  return out;
}

export const area = (b: Bounds): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);

export const contains = (b: Bounds, x: number, y: number): boolean => x >= b.left && x < b.right && y >= b.top && y < b.bottom;
/** Whether the centre of `b` lies in one of `areas` (a control inside a list). */
export const centreIn = (b: Bounds, areas: readonly Bounds[]): boolean =>
  areas.some((a) => contains(a, (b.left + b.right) / 2, (b.top + b.bottom) / 2));
export const sameBounds = (a: Bounds, b: Bounds): boolean =>
  a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;
/** Whether `inner` lies wholly within `outer`. */
export const encloses = (outer: Bounds, inner: Bounds): boolean =>
  inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom;

/**
 * The element a tap at (x, y) device pixels lands on: among nodes containing the point,
 * the smallest clickable one (what Android would dispatch to, to a good approximation);
 * failing that, the smallest node of any kind. Later windows win over earlier ones,
 * since dumps list overlays (dialogs, IME) after the app.
 */
export function nodeAt(h: UiHierarchy, x: number, y: number): UiNode | null {
  let best: UiNode | null = null;
  let bestClickable = false;
  let bestArea = Infinity;
  for (const n of flattenUi(h)) {
    if (!n.bounds || area(n.bounds) === 0 || !contains(n.bounds, x, y)) continue;
    const clickable = n.clickable || n.longClickable || n.checkable;
    const a = area(n.bounds);
    if ((clickable && !bestClickable) || (clickable === bestClickable && a <= bestArea)) {
      best = n;
      bestClickable = clickable;
      bestArea = a;
    }
  }
  return best;
}

/** The text a person would read for a node: its own text, else its description, else its children's text. */
export function labelOf(n: UiNode): string {
  if (n.text.trim()) return n.text.trim();
  if (n.contentDesc.trim()) return n.contentDesc.trim();
  for (const c of n.children) {
    const l = labelOf(c);
    if (l) return l;
  }
  return '';
}

/** The node's identity for storing alongside an action (what the tap targeted). */
export interface TargetElement {
  bounds: Bounds;
  resourceId: string;
  className: string;
  text: string;
  contentDesc: string;
  /**
   * Whether the element itself takes taps. A tap that found no clickable element falls back to the
   * smallest node under the point (a WebView, a page); such a target says little about where the
   * person meant to tap. Absent in recordings made before this was stored.
   */
  clickable?: boolean;
}

export function targetOf(n: UiNode): TargetElement | null {
  if (!n.bounds) return null;
  return {
    bounds: n.bounds,
    resourceId: n.resourceId,
    className: n.className,
    text: labelOf(n),
    contentDesc: n.contentDesc,
    clickable: n.clickable || n.longClickable || n.checkable,
  };
}
