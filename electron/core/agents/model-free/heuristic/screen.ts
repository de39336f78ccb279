import type { Bounds, UiHierarchy, UiNode } from '../../../../../shared/domain/ui-node.js';

/** A tappable place on screen with the words that describe it. */
export interface Target {
  label: string;
  bounds: Bounds;
  editable: boolean;
  focused: boolean;
}

function ownLabel(n: UiNode): string {
  return [n.text, n.contentDesc].filter((s) => s.trim() !== '').join(' ');
}

function hasArea(b: Bounds | null): b is Bounds {
  return b !== null && b.right > b.left && b.bottom > b.top;
}

/**
 * Clickable elements labelled with their own text plus their descendants' (a settings row is
 * a clickable container whose title sits in a non-clickable child TextView).
 */
export function tappableTargets(ui: UiHierarchy): Target[] {
  const out: Target[] = [];
  const subtreeLabel = (n: UiNode): string => [ownLabel(n), ...n.children.map(subtreeLabel)].filter(Boolean).join(' ');
  const walk = (n: UiNode): void => {
    const editable = /EditText|AutoCompleteTextView/.test(n.className);
    if ((n.clickable || editable) && n.enabled && hasArea(n.bounds)) {
      out.push({ label: subtreeLabel(n), bounds: n.bounds, editable, focused: n.focused });
    }
    n.children.forEach(walk);
  };
  ui.roots.forEach(walk);
  return out;
}

export function hasScrollable(ui: UiHierarchy): boolean {
  const walk = (n: UiNode): boolean => n.scrollable || n.children.some(walk);
  return ui.roots.some(walk);
}

/**
 * How well a label matches the goal: each goal word found in it adds its length (longer,
 * more specific words weigh more); earlier goal words (intent words) get a small bonus.
 */
export function matchScore(label: string, words: readonly string[]): number {
  const l = label.toLowerCase();
  let score = 0;
  words.forEach((w, i) => {
    if (l.includes(w.toLowerCase())) score += [...w].length + 1 / (i + 1);
  });
  return score;
}

/** Labels of text outside any clickable element: titles, headers, static values ("the screen says"). */
export function staticLabels(ui: UiHierarchy): string[] {
  const out: string[] = [];
  const walk = (n: UiNode, insideClickable: boolean): void => {
    const inside = insideClickable || n.clickable;
    const l = ownLabel(n);
    if (!inside && l && hasArea(n.bounds)) out.push(l);
    n.children.forEach((c) => walk(c, inside));
  };
  ui.roots.forEach((r) => walk(r, false));
  return out;
}
