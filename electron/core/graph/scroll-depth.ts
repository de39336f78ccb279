import type { ContentValue, Demo, DemoStep } from '../../../shared/domain/task-graph.js';
import { pageOfKey, scrollKeyOf } from './content-keys.js';
import { scrollDelta } from './walk-view.js';

/** The page a step's content belongs to (its candidates' prefix, or the page it names). */
function pageOfStep(s: DemoStep): string | null {
  if (s.page) return s.page;
  const k = s.content?.[0]?.key;
  return k ? pageOfKey(k) : null;
}

/**
 * A swipe on the step's page that moved what it shows: not where nothing on the screen scrolls (a page that fits
 * it), nor where every labelled control the two screens share stands where it stood (a list at its end).
 */
function moved(s: DemoStep, next: DemoStep | undefined): number | null {
  if (!s.action || !next || pageOfStep(next) !== pageOfStep(s)) return null;
  const delta = scrollDelta(s.action);
  if (delta === null || delta === 0 || (s.scrolls !== undefined && s.scrolls.length === 0)) return null;
  const shifts = (s.controls ?? []).flatMap((c) => {
    const there = next.controls?.find((x) => x.label === c.label && x.id === c.id);
    return there ? [there.bounds.top - c.bounds.top] : [];
  });
  return shifts.length > 0 && shifts.every((d) => d === 0) ? null : delta;
}

/** Where a step's labelled controls stand: `id|label|top` each. */
const spots = (s: DemoStep): Set<string> => new Set((s.controls ?? []).map((c) => `${c.id}|${c.label}|${c.bounds.top}`));

const shared = (a: Set<string>, b: Set<string>): number => [...a].filter((x) => b.has(x)).length;

/**
 * Whether a page come back to (`now`) shows its list at the top rather than where the demonstration left it: its
 * controls stand where they stood on the page's first screen at the top (`top`) more than where they stood when it left
 * (`left`). An app may rebuild a page it comes back to by a tab or a button (the shop's 首页 tab after the cart shows
 * the home list from its top), while Back finds a list where it was left; the screen says which.
 */
function rebuiltAtTop(now: DemoStep, top: DemoStep | undefined, left: DemoStep | undefined): boolean {
  if (!top || !left) return false;
  const here = spots(now);
  return shared(here, spots(top)) > shared(here, spots(left));
}

/**
 * A list's scroll position as page content. A page's signature is the same scrolled or not (the rows are not
 * part of it), so without this the graph merged the app store's home list as opened with the list swiped twice,
 * and a tap recorded on 老年麻将 two swipes down counted, unscrolled or one swipe down, as 老年麻将 — on the phone it
 * is another app there. On each page a demonstration swiped, every step carries how many swipes down its list
 * stands (`top`, `↓1`, `↓2`: swipes of the demonstrations' length; up undoes one): the swipe is then an edit of the
 * page, the nodes of each depth are apart with their own screens, and a tap is matched where it was recorded.
 * Back returning to the page finds it as the demonstration left it, as a phone keeps a list's place; a page come back
 * to whose screen shows its top again (rebuiltAtTop) stands at the top.
 */
export function withScrollDepth(demos: readonly Demo[]): Demo[] {
  const scrolled = new Set<string>();
  for (const d of demos)
    d.steps.forEach((s, t) => {
      const page = pageOfStep(s);
      if (page !== null && moved(s, d.steps[t + 1]) !== null) scrolled.add(page);
    });
  if (scrolled.size === 0) return [...demos];
  return demos.map((d) => {
    const depth = new Map<string, number>();
    const top = new Map<string, DemoStep>();
    const left = new Map<string, DemoStep>();
    const steps = d.steps.map((s, t) => {
      const page = pageOfStep(s);
      if (page === null || !scrolled.has(page)) return s;
      const before = t > 0 ? d.steps[t - 1] : undefined;
      if (before && pageOfStep(before) !== page && rebuiltAtTop(s, top.get(page), left.get(page))) depth.set(page, 0);
      const at = depth.get(page) ?? 0;
      if (at === 0 && !top.has(page)) top.set(page, s);
      left.set(page, s);
      const delta = moved(s, d.steps[t + 1]);
      if (delta !== null) depth.set(page, Math.max(0, at + Math.sign(delta)));
      const v: ContentValue = { key: scrollKeyOf(page), kind: 'label', value: at === 0 ? 'top' : `↓${at}`, label: 'scroll position' };
      return { ...s, content: [...(s.content ?? []), v] };
    });
    return { ...d, steps };
  });
}
