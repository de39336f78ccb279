import type { Page } from 'playwright-core';

export interface Overlap {
  a: string;
  b: string;
}

// Runs in the page (plain JS: the test project has no DOM types).
const FIND_OVERLAPS = `(() => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex="0"]';
  const label = (e) => {
    const t = (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40);
    return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.dataset.testid ? '[' + e.dataset.testid + ']' : '') + ' "' + t + '"';
  };
  const visibleBox = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return null;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || style.opacity === '0') return null;
    let clip = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    for (let p = e.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const pr = p.getBoundingClientRect();
        clip = { left: Math.max(clip.left, pr.left), top: Math.max(clip.top, pr.top), right: Math.min(clip.right, pr.right), bottom: Math.min(clip.bottom, pr.bottom) };
      }
    }
    const inside = r.left >= clip.left - 1 && r.top >= clip.top - 1 && r.right <= clip.right + 1 && r.bottom <= clip.bottom + 1;
    return inside ? r : null;
  };
  const controls = [...document.querySelectorAll(sel)].map((e) => ({ e, r: visibleBox(e) })).filter((x) => x.r !== null);
  const out = [];
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1 && h > 1) out.push({ a: label(a.e), b: label(b.e) });
    }
  }
  return out;
})()`;

/**
 * Controls (links, buttons, fields, focusable regions) that overlap one another on screen:
 * pairs of visible boxes that intersect by more than a pixel, neither inside the other in
 * the DOM. Only controls wholly inside the viewport and their scrolling ancestors count,
 * so content scrolled under a sticky header is not mistaken for a layout fault.
 */
export function overlappingControls(page: Page): Promise<Overlap[]> {
  return page.evaluate(FIND_OVERLAPS) as Promise<Overlap[]>;
}
