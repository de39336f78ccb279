import type { UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import { area, flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import type { Foreground } from '../device/device-port.js';
import type { SignatureConfig, StateSignature } from '../../../shared/domain/task-graph.js';
import { isEditField, isListClass, isSliderClass, widgetToken } from './widget-classes.js';

const NON_SPACE = /\S/;

/**
 * Masks the parts of a label that change on their own: clock times, dates, counts,
 * percentages, prices. "12:45" and "09:03" become the same anchor; "Wi-Fi" stays.
 */
export function maskVolatile(text: string): string {
  if (!/\d|\s\s|^\s|\s$/.test(text)) return text;
  return text
    .replace(/\d{1,2}:\d{2}(:\d{2})?/g, '#t')
    .replace(/[-+]?\d+([.,]\d+)*/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

function significant(n: UiNode, cfg: SignatureConfig): boolean {
  if (!n.bounds || area(n.bounds) === 0) return false;
  if (cfg.ignoredPackages.includes(n.packageName)) return false;
  if (cfg.ignoredResourceIds.includes(n.resourceId)) return false;
  const interactive = n.clickable || n.longClickable || n.checkable || n.scrollable || isEditField(n);
  return interactive || n.resourceId !== '' || NON_SPACE.test(n.text) || NON_SPACE.test(n.contentDesc);
}

/** One structure token: what kind of element and which id (values live in widgetState). */
const structureToken = widgetToken;

const isWidget = (n: UiNode): boolean => n.checkable || isSliderClass(n);

/** First text in a subtree, skipping widgets (whose own text, like "On"/"Off", is their state). */
function staticLabel(n: UiNode): string {
  if (!isWidget(n)) {
    const own = n.text.trim() || n.contentDesc.trim();
    if (own) return own;
  }
  for (const c of n.children) {
    const l = staticLabel(c);
    if (l) return l;
  }
  return '';
}

/**
 * A widget's value, for widgets whose value is state (toggle, selected tab, slider); else null.
 * Many rows share one resource id (android:id/switch_widget), so the key adds the row's
 * label, found in the nearest ancestor that has one ("USB debugging", not "Off").
 */
function widgetValue(n: UiNode, ancestors: readonly UiNode[], inList: boolean): string | null {
  // Toggles and sliders hold a value that keeps two states apart (font size, Bluetooth on); so
  // does the selected tab of the page's chrome (Home vs Cart). A selected list row is content.
  if (!isWidget(n) && !(n.selected && !inList)) return null;
  let row = '';
  for (let i = ancestors.length - 1; i >= 0 && i >= ancestors.length - 4 && !row; i--) row = staticLabel(ancestors[i]!);
  const key = `${n.className}|${n.resourceId}|${maskVolatile(row)}`;
  if (n.checkable) return `${key}=${n.checked ? 'on' : 'off'}`;
  if (isSliderClass(n)) return `${key}=${n.text || n.contentDesc}`;
  return `${key}=selected:${labelOf(n)}`;
}

/** Every significant node with its ancestor chain (widget keys need the row around them). */
function walkWithAncestors(ui: UiHierarchy, visit: (n: UiNode, ancestors: readonly UiNode[]) => void): void {
  const stack: UiNode[] = [];
  const walk = (n: UiNode): void => {
    visit(n, stack);
    stack.push(n);
    for (const c of n.children) walk(c);
    stack.pop();
  };
  for (const r of ui.roots) walk(r);
}

/** Whether a text has more than `max` characters (code points), without splitting short ones. */
const longerThan = (text: string, max: number): boolean => text.length > max && [...text].length > max;

/** Labels a person reads to recognise the page: short texts of controls and titles, never typed text. */
function anchorOf(n: UiNode, cfg: SignatureConfig): string | null {
  if (isEditField(n) || isWidget(n)) return null;
  const titleLike = /title|toolbar|tab|label|header/i.test(n.resourceId);
  const control = n.clickable || n.checkable || n.selected;
  if (!titleLike && !control) return null;
  const text = labelOf(n);
  if (!text || longerThan(text, cfg.maxAnchorLength)) return null;
  const masked = maskVolatile(text);
  return masked && masked !== '#' ? masked : null;
}

/** A short static text of the page's chrome (not typed text, not a widget's on/off label). */
function chromeText(n: UiNode, cfg: SignatureConfig): string | null {
  if (isEditField(n) || isWidget(n)) return null;
  const text = n.text.trim() || n.contentDesc.trim();
  if (!text || longerThan(text, cfg.maxAnchorLength)) return null;
  const masked = maskVolatile(text);
  return masked && masked !== '#' && masked !== '#t' ? masked : null;
}

const TOOLBAR = /Toolbar|ActionBar/;
const TOOLBAR_ID = /[:/](toolbar|action_bar|actionbar)$/i;

/**
 * The page's title: the first text in its app bar (a Toolbar, or a container with the toolbar id).
 * Two pages with different titles are different pages ("欢乐斗地主" and "老年麻将" share a template).
 */
function pageTitle(ui: UiHierarchy): string | null {
  let title: string | null = null;
  const firstText = (n: UiNode): string | null => {
    if (!n.clickable && n.text.trim()) return n.text.trim();
    for (const c of n.children) {
      const t = firstText(c);
      if (t) return t;
    }
    return null;
  };
  const visit = (n: UiNode): void => {
    if (title !== null) return;
    if (TOOLBAR.test(n.className) || TOOLBAR_ID.test(n.resourceId)) {
      title = firstText(n);
      if (title !== null) return;
    }
    for (const c of n.children) visit(c);
  };
  for (const r of ui.roots) visit(r);
  // Only clock times are masked: the numbers in a title name the page ("老花镜 150 度", "购物车(3)").
  return title === null
    ? null
    : (title as string)
        .replace(/\d{1,2}:\d{2}(:\d{2})?/g, '#t')
        .replace(/\s+/g, ' ')
        .trim();
}

/**
 * A digest of every text a screen shows (texts and content descriptions, as shown: nothing masked), in no order: two
 * screens with the same digest show the same things — the same order's details, not just an order's details page.
 */
export function shownTexts(ui: UiHierarchy): string {
  const texts = new Set<string>();
  const visit = (n: UiNode): void => {
    for (const t of [n.text, n.contentDesc]) if (t && t.trim() !== '') texts.add(t.trim());
    for (const c of n.children) visit(c);
  };
  for (const r of ui.roots) visit(r);
  return fnv1a([...texts].sort().join('\u0000'));
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The layered signature of one observation: L0 package/activity,
 * L1 the set of significant `class|id` tokens (a set, so list lengths and order after
 * scrolling don't matter; toggles keep their on/off state), anchor texts with volatile
 * parts masked, and optionally an image hash for text-less screens.
 */
export function computeSignature(
  ui: UiHierarchy,
  foreground: Foreground | null,
  cfg: SignatureConfig,
  imageHash: string | null = null,
): StateSignature {
  // Pre-order, as the walk below visits them: the walk reads each node's verdict by its position.
  const all = flattenUi(ui);
  const isSignificant = all.map((n) => significant(n, cfg));
  const nodes = all.filter((_, i) => isSignificant[i]);
  const structure = [...new Set(nodes.map(structureToken))].sort();
  const values: string[] = [];
  const chromeTokens: string[] = [];
  const chromeAnchors: string[] = [];
  // Rows of a list repeat their resource id; a list that does not scroll yet is still content.
  const idCount = new Map<string, number>();
  for (const n of nodes) if (n.resourceId) idCount.set(n.resourceId, (idCount.get(n.resourceId) ?? 0) + 1);
  const isList = (a: UiNode): boolean => a.scrollable || isListClass(a) || (a.resourceId !== '' && (idCount.get(a.resourceId) ?? 0) > 1);
  // Whether each node on the walk's path is in a list (itself or an ancestor), so "inside a list" costs one look per node.
  const inListPath: boolean[] = [];
  let position = 0;
  walkWithAncestors(ui, (n, ancestors) => {
    inListPath.length = ancestors.length;
    const listed = isList(n) || (inListPath[ancestors.length - 1] ?? false);
    inListPath.push(listed);
    if (!isSignificant[position++]) return;
    const v = widgetValue(n, ancestors, listed);
    if (v !== null) values.push(v);
    if (!listed) {
      chromeTokens.push(structureToken(n));
      // Outside lists every short static text names the page (a toolbar title often has no id).
      const anchor = anchorOf(n, cfg) ?? chromeText(n, cfg);
      if (anchor !== null) chromeAnchors.push(anchor);
    }
  });
  const chrome = [...new Set(chromeTokens)].sort();
  const widgetState = [...new Set(values)].sort();
  const activity = foreground ? `${foreground.package}/${foreground.activity}` : '';
  const title = pageTitle(ui);
  const sig: StateSignature = {
    activity,
    ...(title !== null ? { title } : {}),
    structure,
    chrome,
    structureKey: '',
    // Anchors of list rows are content (song titles, cities): only the chrome's labels name the page.
    anchors:
      chrome.length > 0
        ? [...new Set(chromeAnchors)].sort()
        : [...new Set(nodes.map((n) => anchorOf(n, cfg)).filter((a): a is string => a !== null))].sort(),
    widgetState,
    imageHash,
  };
  return { ...sig, structureKey: signatureKey(sig) };
}

/** The exact-match key of a state: activity, structure, widget values and content (when the graph has content keys). */
export function signatureKey(sig: Pick<StateSignature, 'activity' | 'title' | 'structure' | 'widgetState' | 'content'>): string {
  const content = sig.content
    ? Object.keys(sig.content)
        .sort()
        .map((k) => `${k}=${sig.content![k]}`)
    : [];
  const tail = content.length > 0 ? `<${content.join('\u0000')}>` : '';
  const title = sig.title !== undefined ? `"${sig.title}"` : '';
  return fnv1a(`${sig.activity}${title}{${sig.structure.join(',')}}[${sig.widgetState.join(',')}]${tail}`);
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const sb = new Set(b);
  let inter = 0;
  for (const x of new Set(a)) if (sb.has(x)) inter++;
  return inter / (new Set(a).size + sb.size - inter);
}

/** Hamming distance between two 64-bit hashes in hex. */
export function hamming(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i += 8) {
    let x = (Number.parseInt(a.slice(i, i + 8) || '0', 16) ^ Number.parseInt(b.slice(i, i + 8) || '0', 16)) >>> 0;
    while (x) {
      d += x & 1;
      x >>>= 1;
    }
  }
  return d;
}

/** A page's identity for its content keys: activity and title ("the product page", not "any page of the shop's main activity"). */
export function pageKey(sig: Pick<StateSignature, 'activity' | 'title'>): string {
  return sig.title === undefined ? sig.activity : `${sig.activity}|${sig.title}`;
}
