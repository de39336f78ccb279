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
  /**
   * Every text the element shows, its own and its children's in order, where it shows more than its label: a result
   * row's title, singer and genre (天仙配 · 严凤英 · 黄梅戏) — what a search by any of them matched it by. Absent where the
   * label is all it shows, on an element that takes no taps itself or holds a whole list (more than eight texts), and in
   * recordings made before this was stored.
   */
  texts?: string[];
}

/** Each text and description in the subtree, in order (the label first where the node itself has one). */
function textsOf(n: UiNode, out: string[] = []): string[] {
  for (const t of [n.text.trim(), n.contentDesc.trim()]) if (t && !out.includes(t)) out.push(t);
  for (const c of n.children) textsOf(c, out);
  return out;
}

export function targetOf(n: UiNode): TargetElement | null {
  if (!n.bounds) return null;
  const clickable = n.clickable || n.longClickable || n.checkable;
  const texts = clickable ? textsOf(n) : [];
  return {
    bounds: n.bounds,
    resourceId: n.resourceId,
    className: n.className,
    text: labelOf(n),
    contentDesc: n.contentDesc,
    clickable,
    ...(texts.length > 1 && texts.length <= 8 ? { texts } : {}),
  };
}
