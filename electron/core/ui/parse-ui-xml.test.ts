import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_DUMPS_DIR } from '../../../test/support/fixtures.js';
import { parseUiXml, UiXmlError } from './parse-ui-xml.js';
import { flattenUi, labelOf, nodeAt } from '../../../shared/domain/ui-tree.js';

const dumps = readdirSync(UI_DUMPS_DIR)
  .filter((f) => f.endsWith('.xml'))
  .sort();
const load = (f: string): string => readFileSync(join(UI_DUMPS_DIR, f), 'utf8');
const countNodes = (xml: string): number => (xml.match(/<node[\s>]/g) ?? []).length;

describe('parseUiXml on real device dumps', () => {
  it('has the fixtures', () => expect(dumps.length).toBeGreaterThanOrEqual(14));

  it.each(dumps)('%s: every <node> becomes a typed node with its attributes', (f) => {
    const xml = load(f);
    const h = parseUiXml(xml);
    const nodes = flattenUi(h);
    expect(nodes).toHaveLength(countNodes(xml));
    expect(nodes.every((n) => typeof n.className === 'string' && n.className.length > 0)).toBe(true);
    // The dump's extent matches the size in the file name.
    const [w, hgt] = /-(\d+)x(\d+)\.xml$/.exec(f)!.slice(1).map(Number) as [number, number];
    const right = Math.max(...nodes.map((n) => n.bounds?.right ?? 0));
    const bottom = Math.max(...nodes.map((n) => n.bounds?.bottom ?? 0));
    expect([right, bottom]).toEqual([w, hgt]);
  });

  it('keeps NAF, rotation, emoji and extra attributes', () => {
    expect(flattenUi(parseUiXml(load('07-wechat-1080x2310.xml'))).filter((n) => n.naf)).toHaveLength(7);
    expect(parseUiXml(load('10-lawnchair-1920x1080.xml')).rotation).toBe(1);
    const texts = flattenUi(parseUiXml(load('14-wordland-1080x2400.xml')))
      .map((n) => n.text)
      .join(' ');
    expect(texts).toContain('🚧');
    const bili = flattenUi(parseUiXml(load('05-bili-1080x2400.xml')));
    expect(bili.some((n) => n.extras?.['visible-to-user'] !== undefined)).toBe(true);
    expect(bili.some((n) => n.packageName === 'com.android.systemui')).toBe(true);
  });

  it('parses zero-size bounds as zero-area rectangles, and unreadable bounds as null', () => {
    const jk = flattenUi(parseUiXml(load('01-jukandian-1080x1812.xml')));
    expect(jk.filter((n) => n.bounds && n.bounds.right === 0 && n.bounds.bottom === 0).length).toBeGreaterThan(400);
    const h = parseUiXml('<hierarchy rotation="0"><node class="a" bounds=""/><node class="b" bounds="[5,5][1,1]"/></hierarchy>');
    expect(h.roots.map((n) => n.bounds)).toEqual([null, null]);
  });

  it('finds the clickable element under a point', () => {
    const h = parseUiXml(load('09-settings-1600x2452.xml'));
    const clickable = flattenUi(h).find((n) => n.clickable && n.bounds && n.bounds.right - n.bounds.left > 100)!;
    const b = clickable.bounds!;
    const hit = nodeAt(h, (b.left + b.right) / 2, (b.top + b.bottom) / 2)!;
    expect(hit.clickable).toBe(true);
    expect(labelOf(hit).length).toBeGreaterThan(0);
  });
});

describe('parseUiXml on garbage', () => {
  it.each([
    ['empty', ''],
    ['not xml', 'ERROR: could not get idle state.'],
    ['truncated', '<?xml version="1.0"?><hierarchy rotation="0"><node class="a">'],
    ['wrong root', '<html><body/></html>'],
    ['raw ampersand', '<hierarchy rotation="0"><node text="a & b"/></hierarchy>'],
  ])('rejects %s with a UiXmlError', (_name, xml) => {
    expect(() => parseUiXml(xml)).toThrow(UiXmlError);
  });
});
