import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { applyVariant, parseWmDensity } from '../../../electron/core/eval/variants.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * The settings older adults change are rendered the way a phone renders them, measured on the
 * screenshot itself: a bigger font scale draws taller glyphs and moves the rows below (reflow),
 * a larger display size scales everything, high-contrast text is pure black/white with an
 * outline, dark theme darkens the screen — all set with the commands real phones take.
 */
const start = useVirtualPhones();

type Box = { left: number; top: number; right: number; bottom: number };

async function pixels(png: Uint8Array, b: Box): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .extract({ left: b.left, top: b.top, width: b.right - b.left, height: b.bottom - b.top })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Height of the ink (dark pixels) inside the box: the glyphs' height in pixels. */
async function inkHeight(png: Uint8Array, b: Box): Promise<number> {
  const { data, width, height } = await pixels(png, b);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < 128) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return top < 0 ? 0 : bottom - top + 1;
}

async function settingsScreen(d: DevicePort): Promise<{ png: Uint8Array; title: (text: string) => Box }> {
  await d.shell('am start -n com.android.settings/.Settings');
  const [png, xml] = [await d.screenshot(), await d.uiDump()];
  const nodes = flattenUi(parseUiXml(xml));
  return {
    png,
    title: (text) => {
      const n = nodes.find((x) => x.text === text);
      if (!n?.bounds) throw new Error(`no "${text}" on the Settings screen`);
      return n.bounds;
    },
  };
}

async function phone(): Promise<DevicePort> {
  const server = await start({ locale: 'zh' });
  return new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
}

describe('display settings on the virtual phone', () => {
  it('font_scale 1.3 draws glyphs about 1.3× as tall as 1.0 and reflows the rows below; the same scale twice measures equal', async () => {
    const d = await phone();
    const a = await settingsScreen(d);
    const again = await settingsScreen(d);
    await d.shell('settings put system font_scale 1.3');
    const b = await settingsScreen(d);
    const h10 = await inkHeight(a.png, a.title('显示'));
    const h10again = await inkHeight(again.png, again.title('显示'));
    const h13 = await inkHeight(b.png, b.title('显示'));
    expect(h10).toBeGreaterThan(20);
    expect(h10again).toBe(h10); // the measure does not drift by itself
    expect(h13 / h10).toBeGreaterThan(1.2);
    expect(h13 / h10).toBeLessThan(1.4);
    // Taller rows push the ones below down: the layout reflows, it does not just scale the letters.
    expect(b.title('存储').top - a.title('存储').top).toBeGreaterThan(40);
  });

  it('wm density (display size) scales text and bars; wm density reset puts them back', async () => {
    const d = await phone();
    const a = await settingsScreen(d);
    await d.shell('wm density 483');
    expect(parseWmDensity(await d.shell('wm density'))).toEqual({ physical: 420, override: 483 });
    const b = await settingsScreen(d);
    const ratio = (await inkHeight(b.png, b.title('显示'))) / (await inkHeight(a.png, a.title('显示')));
    expect(ratio).toBeGreaterThan(1.08);
    expect(ratio).toBeLessThan(1.25);
    expect(b.title('显示').left).toBeGreaterThan(a.title('显示').left); // dp paddings and icons grew too
    await d.shell('wm density reset');
    expect(parseWmDensity(await d.shell('wm density'))).toEqual({ physical: 420, override: null });
    const c = await settingsScreen(d);
    expect(c.title('显示')).toEqual(a.title('显示'));
    expect(await d.shell('wm density 5')).toMatch(/bad density/);
  });

  it('high-contrast text is pure black with a white outline; without it the text is not pure black', async () => {
    const d = await phone();
    const count = async (s: { png: Uint8Array; title: (t: string) => Box }, v: number): Promise<number> => {
      const { data } = await pixels(s.png, s.title('显示'));
      return data.filter((x) => x === v).length;
    };
    const off = await settingsScreen(d);
    await d.shell('settings put secure high_text_contrast_enabled 1');
    const on = await settingsScreen(d);
    expect(await count(off, 0)).toBe(0);
    expect(await count(on, 0)).toBeGreaterThan(100);
    expect(await count(on, 255)).toBeGreaterThan(await count(off, 255)); // the outline
  });

  it('cmd uimode night yes turns the screen dark, no turns it light again', async () => {
    const d = await phone();
    const mean = async (): Promise<number> => {
      const { data } = await sharp(await d.screenshot())
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data.reduce((a, v) => a + v, 0) / data.length;
    };
    await d.shell('am start -n com.android.settings/.Settings');
    const light = await mean();
    expect((await d.shell('cmd uimode night yes')).trim()).toBe('Night mode: yes');
    expect((await d.shell('settings get secure ui_night_mode')).trim()).toBe('2');
    const dark = await mean();
    await d.shell('cmd uimode night no');
    expect(light).toBeGreaterThan(200);
    expect(dark).toBeLessThan(80);
    expect(await mean()).toBeCloseTo(light, 0);
  });

  it('every run variant is applied with read-back and restored to what was there before', async () => {
    const d = await phone();
    const read = async () => ({
      font: (await d.shell('settings get system font_scale')).trim(),
      density: parseWmDensity(await d.shell('wm density')).override,
      contrast: (await d.shell('settings get secure high_text_contrast_enabled')).trim(),
      night: (await d.shell('settings get secure ui_night_mode')).trim(),
    });
    await d.shell('settings put system font_scale 1.15'); // what the task's setup left
    const before = await read();
    for (const name of ['font-large', 'display-large', 'high-contrast', 'dark'] as const) {
      const v = await applyVariant(d, name);
      const during = await read();
      expect(during).not.toEqual(before);
      await v.restore();
      expect(await read(), name).toEqual(before);
    }
    const v = await applyVariant(d, 'display-large');
    expect(v.commands).toEqual(['wm density 483']);
    await v.restore();
  });
});
