import { describe, expect, it } from 'vitest';
import { flattenUi, nodeAt } from '../../../shared/domain/ui-tree.js';
import { b, button, n, page } from '../../../test/support/ui-builder.js';
import {
  captionOf,
  LOST_CAPTION,
  scrolledRows,
  scrolledUi,
  scrollRegions,
  UNRECORDED_CAPTION,
  UNRECORDED_TEXT,
  unrecordedUi,
} from './offline-views.js';

const screen = { width: 1080, height: 2400 };

describe('the UI tree of a page no demonstration recorded', () => {
  it('holds the caption as its only text and nothing clickable', () => {
    const ui = unrecordedUi(screen, 'com.vphone.wallet');
    const all = flattenUi(ui);
    expect(all.filter((x) => x.text !== '').map((x) => x.text)).toEqual([UNRECORDED_TEXT]);
    expect(all.some((x) => x.clickable || x.longClickable || x.checkable)).toBe(false);
    expect(UNRECORDED_TEXT).toMatch(/此页面没有录制.*not recorded.*Back/);
    expect(all[0]!.bounds).toEqual(b(0, 0, 1080, 2400));
  });

  it('off what the recordings show for good (Back below the page a setup opened), the caption does not promise Back', () => {
    const lost = flattenUi(unrecordedUi(screen, 'com.vphone.news', captionOf({ lost: true })));
    const text = lost.filter((x) => x.text !== '').map((x) => x.text);
    expect(text).toEqual([`${LOST_CAPTION.zh} · ${LOST_CAPTION.en}`]);
    expect(text[0]).not.toMatch(/Back/);
    expect(captionOf({})).toBe(UNRECORDED_CAPTION);
  });
});

describe('the regions a scroll moves', () => {
  it("a node's scrolling containers, overlapping ones as one; none kept: the whole screen", () => {
    expect(scrollRegions({ scrolls: [b(0, 300, 1080, 2150)] }, screen)).toEqual([b(0, 300, 1080, 2150)]);
    expect(scrollRegions({ scrolls: [b(0, 300, 1080, 1000), b(0, 900, 1080, 2150), b(0, 2200, 1080, 2300)] }, screen)).toEqual([
      b(0, 300, 1080, 2150),
      b(0, 2200, 1080, 2300),
    ]);
    expect(scrollRegions({}, screen)).toEqual([b(0, 0, 1080, 2400)]);
  });

  it('the rows a region shows once scrolled, and those no recorded screen shows', () => {
    expect(scrolledRows(b(0, 300, 1080, 2100), 600)).toEqual({ from: 900, to: 300, rows: 1200, blank: { top: 1500, bottom: 2100 } });
    expect(scrolledRows(b(0, 300, 1080, 2100), -600)).toEqual({ from: 300, to: 900, rows: 1200, blank: { top: 300, bottom: 900 } });
    expect(scrolledRows(b(0, 300, 1080, 2100), 5000)).toMatchObject({ rows: 0, blank: { top: 300, bottom: 2100 } });
  });
});

describe('the UI tree of a page scrolled where no demonstration scrolled', () => {
  const list = b(0, 300, 1080, 2100);
  const ui = page(
    '天气',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      scrollable: true,
      bounds: list,
      children: [button('今天', b(40, 400, 1040, 550)), button('明天', b(40, 900, 1040, 1050)), button('下周', b(40, 1900, 1040, 2050))],
    }),
    button('城市', b(0, 2200, 540, 2350)),
  );
  const label = (u: typeof ui, x: number, y: number) => nodeAt(u, x, y)?.text ?? null;

  it('moves what is in the list by the scroll, cut to the list; drops what left it; keeps the tab bar', () => {
    const s = scrolledUi(ui, [list], 600);
    const texts = flattenUi(s).map((x) => x.text);
    expect(texts).not.toContain('今天'); // 400..550 scrolled to -200..-50: out of the list
    expect(flattenUi(s).find((x) => x.text === '明天')!.bounds).toEqual(b(40, 300, 1040, 450));
    expect(flattenUi(s).find((x) => x.text === '下周')!.bounds).toEqual(b(40, 1300, 1040, 1450));
    expect(flattenUi(s).find((x) => x.text === '城市')!.bounds).toEqual(b(0, 2200, 540, 2350));
    expect(flattenUi(s).find((x) => x.scrollable)!.bounds).toEqual(list);
    // Where 明天 was recorded, the scrolled page shows nothing the agent could take for it.
    expect(label(s, 540, 975)).not.toBe('明天');
    expect(label(s, 540, 375)).toBe('明天');
  });

  it('cuts an element half scrolled out to the part still in view', () => {
    const s = scrolledUi(ui, [list], 700);
    expect(flattenUi(s).find((x) => x.text === '明天')!.bounds).toEqual(b(40, 300, 1040, 350));
  });

  it('scrolled up (content moved down): the same, the other way', () => {
    const s = scrolledUi(ui, [list], -1000);
    expect(flattenUi(s).find((x) => x.text === '今天')!.bounds).toEqual(b(40, 1400, 1040, 1550));
    expect(flattenUi(s).find((x) => x.text === '明天')!.bounds).toEqual(b(40, 1900, 1040, 2050));
    expect(flattenUi(s).map((x) => x.text)).not.toContain('下周');
  });
});
