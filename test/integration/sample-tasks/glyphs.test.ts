import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * No missing glyphs in either locale. Two checks:
 * 1. Ink: the same field rendered with 囊 and with 一 must differ a lot in ink (a missing CJK font
 *    draws both as same-sized fallback boxes); a control with two glyphs no font has shows the
 *    method sees that case as "equal ink".
 * 2. Coverage: every character any screen of any app shows (both locales) is in an installed font.
 */
const start = useVirtualPhones();

async function inkOf(png: Uint8Array, b: { left: number; top: number; right: number; bottom: number }): Promise<number> {
  const { data, info } = await sharp(png)
    .extract({ left: b.left, top: b.top, width: b.right - b.left, height: b.bottom - b.top })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < info.width * info.height; i++) if (data[i]! < 128) ink++;
  return ink;
}

function fontCoverage(): (cp: number) => boolean {
  const ranges = execFileSync('fc-list', ['--format', '%{charset}\n'], { encoding: 'utf8' })
    .split(/\s+/)
    .filter(Boolean)
    .map((r) => r.split('-').map((h) => parseInt(h, 16)))
    .map(([a, b]) => [a!, b ?? a!] as const);
  return (cp) => ranges.some(([a, b]) => cp >= a && cp <= b);
}

describe('glyphs on rendered screens', () => {
  it.each(['zh', 'en'] as const)(
    '%s: CJK text typed into a field is drawn with real glyphs',
    async (locale) => {
      const server = await start({ locale });
      const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
      await device.shell('cmd vphone open weather.cities');
      const field = flattenUi(parseUiXml(await device.uiDump())).find((n) => n.resourceId.endsWith(':id/city_search'));
      expect(field?.bounds).toBeTruthy();
      const b = field!.bounds!;
      await device.shell(`input tap ${(b.left + b.right) >> 1} ${(b.top + b.bottom) >> 1}`);
      const inkFor = async (text: string) => {
        await device.type(text, { clear: true });
        return inkOf(await device.screenshot(), { left: b.left + 8, top: b.top + 8, right: b.right - 8, bottom: b.bottom - 8 });
      };
      const dense = await inkFor('囊囊囊囊囊囊');
      const sparse = await inkFor('一一一一一一');
      expect(dense / Math.max(1, sparse), `ink 囊 ${dense} vs 一 ${sparse}`).toBeGreaterThan(2.5);
      // Control: code points no installed font has are drawn as fallback boxes of similar ink.
      const boxA = await inkFor('\u2316\u2316\u2316\u2316\u2316\u2316');
      const boxB = await inkFor('\u26D2\u26D2\u26D2\u26D2\u26D2\u26D2');
      expect(Math.max(boxA, boxB) / Math.max(1, Math.min(boxA, boxB)), `fallback boxes ${boxA} vs ${boxB}`).toBeLessThan(2.5);
    },
    30_000,
  );

  it.each(['zh', 'en'] as const)(
    '%s: every character on every screen is covered by an installed font',
    async (locale) => {
      const covered = fontCoverage();
      const server = await start({ locale });
      const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
      const screens = (await device.shell('cmd vphone screens'))
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]!);
      expect(screens.length).toBeGreaterThan(50);
      const missing = new Map<string, string>();
      for (const id of screens) {
        await device.shell(`cmd vphone open ${id}`);
        for (const n of flattenUi(parseUiXml(await device.uiDump()))) {
          for (const ch of n.text + n.contentDesc) {
            const cp = ch.codePointAt(0)!;
            if (cp > 0x7e && !covered(cp) && !missing.has(ch)) missing.set(ch, id);
          }
        }
      }
      expect([...missing].map(([ch, id]) => `U+${ch.codePointAt(0)!.toString(16)} on ${id}`)).toEqual([]);
    },
    60_000,
  );

  // Icon glyphs are painted but not in the dump, so they are checked where they are written.
  it('every icon glyph an app draws is covered by an installed font', () => {
    const covered = fontCoverage();
    const root = join(import.meta.dirname, '../../../electron/virtual-phone/apps');
    const missing: string[] = [];
    for (const dir of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const f of readdirSync(join(root, dir.name)).filter((x) => x.endsWith('.ts'))) {
        const src = readFileSync(join(root, dir.name, f), 'utf8');
        for (const m of src.matchAll(/(?:glyph|icon): (?:[^,}]*\? )?'([^']+)'/g)) {
          for (const ch of m[1]!)
            if (ch.codePointAt(0)! > 0x7e && !covered(ch.codePointAt(0)!))
              missing.push(`${dir.name}/${f}: U+${ch.codePointAt(0)!.toString(16)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
