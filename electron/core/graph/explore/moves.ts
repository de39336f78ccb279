import type { Action, NormPoint } from '../../../../shared/domain/action.js';
import type { Bounds, ScreenSize, UiHierarchy, UiNode } from '../../../../shared/domain/ui-node.js';
import { area, labelOf, nodeAt } from '../../../../shared/domain/ui-tree.js';
import { scrollToSwipe } from '../../agents/parsing/scroll.js';
import { focusedFieldLength } from '../../device/focused-field.js';
import { toNorm } from '../../geometry/coordinates.js';
import type { TypedValue } from './vocabulary.js';

/**
 * One thing a person (or an agent) can do on a screen. `id` names the decision, not the pixel: the same
 * button on another page has the same id (`tap:提交订单`), so a path's decisions can be followed from
 * another state, and a near miss is "another id at the same state".
 */
export interface Move {
  id: string;
  kind: 'launch' | 'tap' | 'long-press' | 'type' | 'enter' | 'back' | 'scroll-down' | 'scroll-up';
  /** The decision in words, for reports: `tap 上海`, `type "300"`. */
  label: string;
  /** The action exactly as an agent would send it (points on the 0–1000 grid a `vlm` reply uses). */
  action: Action;
  /** How much the move has to do with the task (0–1): the explorer tries high scores first. */
  score: number;
  /** The element a tap lands on, to recognise a demonstration's tap as this move. */
  bounds?: Bounds;
  /**
   * Taps and long presses on a labelled element: its label, by which an agent shown another screen of the same page
   * (a recorded one, offline) finds it where that screen shows it.
   */
  target?: string;
  /** Type moves: why this text (the task's value, a neighbouring number, the corrected-away one…). */
  why?: TypedValue['why'];
  /** Taps: the container the element sits in, so "another option of the same group" can be told from any other control. */
  group?: string;
}

export interface ScreenFacts {
  screen: ScreenSize;
  /** The task's app is in the foreground (else the only move is to open it). */
  inApp: boolean;
  /** A text field has focus, so typed text goes somewhere. */
  focused: boolean;
  keyboard: boolean;
  appPackage: string;
}

/** Elements larger than this share of the screen are containers (a page, a WebView), not controls. */
const MAX_CONTROL_SHARE = 0.4;

/** A point on the grid a `vlm` reply uses: whole numbers from 0 to 1000. */
const onGrid = (p: NormPoint): NormPoint => ({ x: Math.round(p.x), y: Math.round(p.y) });

const centre = (b: Bounds): { x: number; y: number } => ({ x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) });

/** The name of an element for a decision id: its label, else its resource id, else its class and place. */
function nameOf(n: UiNode): string {
  const l = labelOf(n).replace(/\s+/g, ' ').slice(0, 40);
  if (l) return l;
  const id = n.resourceId.split('/').pop();
  if (id) return `#${id}`;
  const b = n.bounds!;
  return `${n.className.split('.').pop() ?? 'view'}@${Math.round(b.left / 54)},${Math.round(b.top / 120)}`;
}

/**
 * The moves on a screen: a tap on every control (where a tap at its centre lands on it), a long press
 * on those that take one, text into a focused field (the task's values and near misses), Enter while
 * the keyboard is up, scrolling where something scrolls, Back. Off the task's app, only opening it.
 */
export function movesOn(
  ui: UiHierarchy | null,
  facts: ScreenFacts,
  values: readonly TypedValue[],
  relevance: (label: string) => number,
): Move[] {
  if (!facts.inApp) {
    return [
      {
        id: `launch:${facts.appPackage}`,
        kind: 'launch',
        label: 'open the app',
        action: { type: 'LaunchApp', app: facts.appPackage },
        score: 1,
      },
    ];
  }
  const out: Move[] = [];
  const seen = new Map<string, number>();
  const named = (base: string): string => {
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}#${n}`;
  };
  const screenArea = facts.screen.width * facts.screen.height;
  let scrolls = false;
  // Each node with the path of the container it sits in (a list, a row of presets, a tab bar).
  const nodes: { n: UiNode; parent: string }[] = [];
  const walk = (n: UiNode, parent: string): void => {
    nodes.push({ n, parent });
    n.children.forEach((c, i) => walk(c, `${parent}/${n.index}.${i}`));
  };
  (ui?.roots ?? []).forEach((r, i) => walk(r, `${i}`));
  for (const { n, parent } of nodes) {
    if (n.scrollable) scrolls = true;
    if (!n.enabled || !n.bounds || area(n.bounds) === 0 || area(n.bounds) > MAX_CONTROL_SHARE * screenArea) continue;
    if (!(n.clickable || n.longClickable || n.checkable)) continue;
    const c = centre(n.bounds);
    if (c.x < 0 || c.y < 0 || c.x >= facts.screen.width || c.y >= facts.screen.height) continue;
    // A tap at the centre of a row that holds a button lands on the button: that move is the button's.
    if (nodeAt(ui!, c.x, c.y) !== n) continue;
    const name = nameOf(n);
    const at = onGrid(toNorm(c, facts.screen));
    const editable = /EditText|AutoCompleteTextView/.test(n.className);
    // A text field matters when the task has something to type into it.
    const score = Math.max(relevance(labelOf(n)), editable && values.length > 0 ? 0.7 : 0);
    // A text field is found where it is, never by its label: that is what it holds (李强 typed into the recipient
    // field, above the suggestion 李强); aimed by it, a tap on the field became a tap on the suggestion.
    const target = !editable && labelOf(n).trim() ? { target: labelOf(n) } : {};
    if (n.clickable || n.checkable) {
      out.push({
        id: named(`tap:${name}`),
        kind: 'tap',
        label: `tap ${name}`,
        action: { type: 'Tap', at },
        score,
        bounds: n.bounds,
        group: parent,
        ...target,
      });
    }
    if (/SeekBar/.test(n.className)) {
      // A slider takes its value from where it is tapped: low, high, at the end.
      for (const share of [0.2, 0.8, 0.98]) {
        const p = onGrid(toNorm({ x: Math.floor(n.bounds.left + share * (n.bounds.right - n.bounds.left)), y: c.y }, facts.screen));
        const pc = Math.round(share * 100);
        out.push({
          id: named(`tap:${name}@${pc}%`),
          kind: 'tap',
          label: `tap ${name} at ${pc}%`,
          action: { type: 'Tap', at: p },
          score: Math.max(score, 0.4),
          bounds: n.bounds,
          group: `${parent}/slider`,
        });
      }
    }
    if (n.longClickable && !editable) {
      out.push({
        id: named(`long:${name}`),
        kind: 'long-press',
        label: `long-press ${name}`,
        action: { type: 'LongPress', at },
        score: score * 0.8,
        bounds: n.bounds,
        group: parent,
        ...target,
      });
    }
  }
  if (facts.focused) {
    // Typing appends: into a field that holds text already it is a careless move, tried last.
    const empty = !ui || (focusedFieldLength(ui) ?? 0) === 0;
    for (const v of values) {
      const score = !empty ? 0.2 : v.why === 'demonstrated' || v.why === 'task' ? 1 : 0.6;
      out.push({
        id: `type:${v.text}`,
        kind: 'type',
        label: `type "${v.text}"`,
        action: { type: 'Type', text: v.text },
        score,
        why: v.why,
      });
    }
  }
  if (facts.keyboard) out.push({ id: 'enter', kind: 'enter', label: 'Enter', action: { type: 'Enter' }, score: 0.6 });
  if (scrolls) {
    out.push({ id: 'scroll:down', kind: 'scroll-down', label: 'scroll down', action: scrollToSwipe('down'), score: 0.3 });
    out.push({ id: 'scroll:up', kind: 'scroll-up', label: 'scroll up', action: scrollToSwipe('up'), score: 0.1 });
  }
  out.push({ id: 'back', kind: 'back', label: 'Back', action: { type: 'Back' }, score: 0.2 });
  return out;
}

/**
 * The move on a screen that a recorded action is (a demonstration's tap lands inside the move's element;
 * typed text, keys and swipes by kind), or null.
 */
export function moveForAction(moves: readonly Move[], a: Action, screen: ScreenSize): Move | null {
  switch (a.type) {
    case 'Tap':
    case 'DoubleTap':
    case 'LongPress': {
      const kind = a.type === 'LongPress' ? 'long-press' : 'tap';
      const p = { x: (a.at.x / 1000) * screen.width, y: (a.at.y / 1000) * screen.height };
      const hits = moves.filter(
        (m) => m.kind === kind && m.bounds && p.x >= m.bounds.left && p.x < m.bounds.right && p.y >= m.bounds.top && p.y < m.bounds.bottom,
      );
      return hits.sort((x, y) => area(x.bounds!) - area(y.bounds!))[0] ?? null;
    }
    case 'Type':
      return moves.find((m) => m.kind === 'type' && m.action.type === 'Type' && m.action.text === a.text) ?? null;
    case 'Enter':
      return moves.find((m) => m.kind === 'enter') ?? null;
    case 'Back':
      return moves.find((m) => m.kind === 'back') ?? null;
    case 'LaunchApp':
      return moves.find((m) => m.kind === 'launch') ?? null;
    case 'Swipe':
      return moves.find((m) => m.kind === (a.to.y < a.from.y ? 'scroll-down' : 'scroll-up')) ?? null;
    default:
      return null;
  }
}
