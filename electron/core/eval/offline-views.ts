import type { GraphNode } from '../../../shared/domain/task-graph.js';
import type { Bounds, ScreenSize, UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import type { WalkView } from '../graph/walk-view.js';

/**
 * What an offline agent is shown where the walk stands on a state no recorded screen shows (walk-view.ts), so
 * that the screen never contradicts the walk: after a tap the graph does not know, a page saying it was not
 * recorded (the walk then takes only Back); on a page scrolled where no demonstration scrolled, the recorded
 * screen moved as far as the walk believes it scrolled (the walk judges the next tap on the scrolled page).
 * The pixels are the service's to draw (electron/adapters/images/offline-screens.ts); the UI trees are here.
 */

/** A view the runner asks its observer to show: the walk's view (WalkView) with its node. */
export interface ScreenView {
  node: GraphNode;
  kind: WalkView['kind'];
  /** How far the page is scrolled, in device pixels of the graph's screen (finger up positive); 0 unless `scrolled`. */
  scrolledPx: number;
  /** The recorded list shown may have reordered on a phone (WalkView.stale). */
  stale?: true;
  /** The keyboard up on the phone, no recording shows it (WalkView.keyboardUnshown). */
  keyboardUnshown?: true;
  /** Off what the recordings show for good (WalkView.lost): a page not recorded, from which Back does not return. */
  lost?: true;
}

/** The caption of a page no demonstration recorded, in the sample set's language and in English. */
export const UNRECORDED_CAPTION = { zh: '此页面没有录制', en: 'This screen was not recorded — Back returns' } as const;
/** A caption as one line of text: the UI tree's only text on such a page. */
const captionText = (c: { zh: string; en: string }): string => `${c.zh} · ${c.en}`;
export const UNRECORDED_TEXT = captionText(UNRECORDED_CAPTION);
/** The caption where the path is off what the recordings show for good (ScreenView.lost): Back does not return there. */
export const LOST_CAPTION = { zh: '此页面没有录制', en: 'This screen was not recorded' } as const;
/** The caption a view asks for, as the lines drawn on the screen and the text of its UI tree. */
export const captionOf = (view: Pick<ScreenView, 'lost'>): { zh: string; en: string } => (view.lost ? LOST_CAPTION : UNRECORDED_CAPTION);

const blankNode = (p: Partial<UiNode> & { bounds: Bounds }): UiNode => ({
  index: 0,
  text: '',
  resourceId: '',
  className: 'android.widget.FrameLayout',
  packageName: '',
  contentDesc: '',
  checkable: false,
  checked: false,
  clickable: false,
  enabled: true,
  focusable: false,
  focused: false,
  scrollable: false,
  longClickable: false,
  password: false,
  selected: false,
  naf: false,
  children: [],
  ...p,
});

/**
 * The UI tree of a page no demonstration recorded: the caption as its only text, nothing clickable (no element of
 * the page the tap left is there to tap again), so a text agent reads what a screenshot agent sees.
 */
export function unrecordedUi(
  screen: ScreenSize,
  packageName: string,
  caption: { zh: string; en: string } = UNRECORDED_CAPTION,
): UiHierarchy {
  const full = { left: 0, top: 0, right: screen.width, bottom: screen.height };
  const mid = Math.round(screen.height / 2);
  const label = blankNode({
    className: 'android.widget.TextView',
    packageName,
    text: captionText(caption),
    bounds: { left: 0, top: mid - Math.round(screen.height / 20), right: screen.width, bottom: mid + Math.round(screen.height / 20) },
  });
  return { rotation: 0, roots: [blankNode({ packageName, bounds: full, children: [label] })] };
}

const overlaps = (a: Bounds, b: Bounds): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const union = (a: Bounds, b: Bounds): Bounds => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});

/**
 * The parts of a node's screen that move when its page scrolls: its scrolling containers, those that overlap
 * taken as one (a list inside a scrolling page moves with it). Where the graph did not keep them (built before
 * scroll areas were kept), the whole screen.
 */
export function scrollRegions(node: Pick<GraphNode, 'scrolls'>, screen: ScreenSize): Bounds[] {
  const boxes = (node.scrolls ?? []).filter((b) => b.right > b.left && b.bottom > b.top);
  if (boxes.length === 0) return [{ left: 0, top: 0, right: screen.width, bottom: screen.height }];
  const out: Bounds[] = [];
  for (let b of boxes) {
    for (let i = out.length - 1; i >= 0; i--)
      if (overlaps(out[i]!, b)) {
        b = union(out[i]!, b);
        out.splice(i, 1);
      }
    out.push(b);
  }
  return out;
}

const within = (b: Bounds, r: Bounds): boolean => b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom;

/**
 * A UI tree as it reads with its page scrolled by `dy` pixels (finger up positive): the elements inside a moving
 * region move up by `dy` and are cut to it, as uiautomator reports what is visible; those scrolled out of it are
 * dropped (their children that stay in view kept in their place). The containers themselves and everything
 * outside them (the app bar, the tab bar) stay where they are.
 */
export function scrolledUi(ui: UiHierarchy, regions: readonly Bounds[], dy: number): UiHierarchy {
  const regionOf = (b: Bounds): Bounds | null => {
    const cx = (b.left + b.right) / 2;
    const cy = (b.top + b.bottom) / 2;
    return regions.find((r) => cx >= r.left && cx < r.right && cy >= r.top && cy < r.bottom && !within(r, b)) ?? null;
  };
  const move = (n: UiNode): UiNode[] => {
    const children = n.children.flatMap(move);
    const r = n.bounds ? regionOf(n.bounds) : null;
    if (!n.bounds || !r) return [{ ...n, children }];
    const b = {
      left: Math.max(n.bounds.left, r.left),
      right: Math.min(n.bounds.right, r.right),
      top: Math.max(n.bounds.top - dy, r.top),
      bottom: Math.min(n.bounds.bottom - dy, r.bottom),
    };
    if (b.bottom <= b.top || b.right <= b.left) return children;
    return [{ ...n, bounds: b, children }];
  };
  return { ...ui, roots: ui.roots.flatMap(move) };
}

/** Where a region's rows come from once scrolled by `dy` (finger up positive), and which rows no recorded screen shows. */
export function scrolledRows(r: Bounds, dy: number): { from: number; to: number; rows: number; blank: { top: number; bottom: number } } {
  const height = r.bottom - r.top;
  const rows = Math.max(0, height - Math.abs(dy));
  if (dy >= 0) return { from: r.top + dy, to: r.top, rows, blank: { top: r.top + rows, bottom: r.bottom } };
  return { from: r.top, to: r.top - dy, rows, blank: { top: r.top, bottom: r.top + Math.min(height, -dy) } };
}
