import { describe, expect, it } from 'vitest';
import { sharp } from './sharp.js';
import { scrolledScreenshot, UNSEEN_GREY, unrecordedScreenshot } from './offline-screens.js';

// A screenshot at a tenth of the graph's screen (the drawing scales), each row a colour of its own: R, G = the row number.
const screen = { width: 1080, height: 2400 };
const W = 108;
const H = 240;
const rowColoured = (): Promise<Buffer> => {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      raw[(y * W + x) * 3] = y % 256;
      raw[(y * W + x) * 3 + 1] = y >> 8;
      raw[(y * W + x) * 3 + 2] = 50;
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
};
const pixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)], info };
};

describe('the recorded screenshot scrolled where no demonstration scrolled', () => {
  it('moves the rows of the scrolling list by the scroll, fills what no screen showed grey, keeps the rest', async () => {
    const original = await rowColoured();
    // The list from y 300 to 2100 (30..210 here), scrolled 600 px (60 rows here).
    const out = await pixels(await scrolledScreenshot(original, screen, [{ left: 0, top: 300, right: 1080, bottom: 2100 }], 600));
    expect([out.info.width, out.info.height]).toEqual([W, H]);
    expect(out.at(50, 30)).toEqual([90, 0, 50]); // row 90 moved up to the list's top
    expect(out.at(50, 149)).toEqual([209, 0, 50]);
    expect(out.at(50, 150)).toEqual([UNSEEN_GREY.r, UNSEEN_GREY.g, UNSEEN_GREY.b]); // what no recorded screen showed
    expect(out.at(50, 209)).toEqual([UNSEEN_GREY.r, UNSEEN_GREY.g, UNSEEN_GREY.b]);
    expect(out.at(50, 10)).toEqual([10, 0, 50]); // the app bar stays
    expect(out.at(50, 220)).toEqual([220, 0, 50]); // the tab bar stays
  });

  it('scrolled up (content down): the rows move down, the top of the list grey', async () => {
    const out = await pixels(
      await scrolledScreenshot(await rowColoured(), screen, [{ left: 0, top: 300, right: 1080, bottom: 2100 }], -300),
    );
    expect(out.at(50, 30)).toEqual([UNSEEN_GREY.r, UNSEEN_GREY.g, UNSEEN_GREY.b]);
    expect(out.at(50, 60)).toEqual([30, 0, 50]);
  });
});

describe('a page no demonstration recorded', () => {
  it('is the recorded screenshot changed past recognition, at its size; with none recorded, a grey screen with the caption', async () => {
    const original = await rowColoured();
    const drawn = await unrecordedScreenshot(original, screen, ['此页面没有录制', 'This screen was not recorded — Back returns']);
    const out = await pixels(drawn);
    const before = await pixels(original);
    expect([out.info.width, out.info.height]).toEqual([W, H]);
    // Dimmed: darker than the row it was, everywhere outside the caption's box.
    expect(out.at(50, 200)[0]!).toBeLessThan(before.at(50, 200)[0]!);
    // The same input draws the same bytes (a re-scored run finds the blob it stored).
    expect(
      Buffer.compare(
        drawn,
        await unrecordedScreenshot(original, screen, ['此页面没有录制', 'This screen was not recorded — Back returns']),
      ),
    ).toBe(0);
    const none = await pixels(await unrecordedScreenshot(null, screen, ['此页面没有录制']));
    expect([none.info.width, none.info.height]).toEqual([1080, 2400]);
    expect(none.at(5, 5)).toEqual([UNSEEN_GREY.r, UNSEEN_GREY.g, UNSEEN_GREY.b]);
    // The caption is drawn: in its box, light pixels of text on the dark box.
    let light = 0;
    for (let x = 0; x < 1080; x += 2) if (none.at(x, 1200 - 10)[0]! > 200 || none.at(x, 1200 - 40)[0]! > 200) light++;
    expect(light).toBeGreaterThan(5);
  });
});
