import type { Locator, Page } from 'playwright-core';

/** The laptop sizes the window is made for (docs/ui.md). */
export const LAPTOPS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
] as const;

/** How far the page scrolls: the main area (the frame's scrolling part) and the document, in px (0 = fits). */
export async function pageScroll(page: Page): Promise<{ main: number; document: number; wide: number }> {
  return (await page.evaluate(`(() => {
    const m = document.querySelector('main');
    return {
      main: m.scrollHeight - m.clientHeight,
      document: document.documentElement.scrollHeight - window.innerHeight,
      wide: m.scrollWidth - m.clientWidth,
    };
  })()`)) as { main: number; document: number; wide: number };
}

/** Whether an element is wholly inside the window (the viewport), as the user sees it without scrolling. */
export async function wholeInView(page: Page, target: Locator): Promise<{ inside: boolean; box: string }> {
  const box = await target.boundingBox();
  const view = page.viewportSize()!;
  if (!box) return { inside: false, box: 'not shown' };
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width + 0.5 && box.y + box.height <= view.height + 0.5;
  return {
    inside,
    box: `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} in ${view.width}×${view.height}`,
  };
}

/** Table headers whose words are split over two lines ("Overa / ll"): each word must sit on one line. */
export async function headersBrokenInsideWords(page: Page, table: string): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    for (const th of document.querySelectorAll(${JSON.stringify(table)} + ' th')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent;
        const re = /\\S+/g;
        let m;
        while ((m = re.exec(text))) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  })()`)) as string[];
}

/**
 * The smallest text of each backend chart as drawn on the page: the smallest font size in its SVG (as
 * the backend sent it, `svgs` in page order) times the scale the page shows it at.
 */
export async function smallestChartText(page: Page, images: string, svgs: string[]): Promise<{ chart: string; px: number }[]> {
  const scales = (await page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(images)})].map((img) => ({ alt: img.alt.slice(0, 40), scale: img.clientWidth / img.naturalWidth }))`,
  )) as { alt: string; scale: number }[];
  if (scales.length !== svgs.length) throw new Error(`${scales.length} charts on the page, ${svgs.length} from the backend`);
  return scales.map((c, i) => {
    const sizes = [...svgs[i]!.matchAll(/font-size:\s*([\d.]+)px/g)].map((m) => Number(m[1]));
    return { chart: c.alt, px: Math.min(...sizes) * c.scale };
  });
}
