import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_DUMPS_DIR } from '../../../test/support/fixtures.js';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import { sameState } from './compare.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { computeSignature, maskVolatile } from './signature.js';

const cfg = DEFAULT_SIGNATURE_CONFIG;
const dumps = readdirSync(UI_DUMPS_DIR)
  .filter((f) => f.endsWith('.xml'))
  .sort();
const sig = (xml: string) => computeSignature(parseUiXml(xml), null, cfg);
const load = (f: string): string => readFileSync(join(UI_DUMPS_DIR, f), 'utf8');

/** Rewrites every clock time, count and percentage in text attributes: what changes between two visits of a screen. */
function perturbVolatile(xml: string): string {
  return xml.replace(
    /(text|content-desc)="([^"]*)"/g,
    (_m, attr: string, v: string) =>
      `${attr}="${v
        .split(/(&#x?[0-9a-fA-F]+;)/)
        .map((part) =>
          part.startsWith('&#') ? part : part.replace(/\d{1,2}:\d{2}/g, '23:59').replace(/\d+/g, (d) => String((Number(d) + 7) % 1000)),
        )
        .join('')}"`,
  );
}

describe('state signature on real device dumps', () => {
  it('the two keydroidx dumps (only the clock differs) have the same signature', () => {
    const a = sig(load('03-keydroidx-240x320.xml'));
    const b = sig(load('04-keydroidx-240x320.xml'));
    expect(a.structureKey).toBe(b.structureKey);
    expect(a.anchors).toEqual(b.anchors);
  });

  it.each(dumps)('%s: changing clocks and counters does not change the signature', (f) => {
    const xml = load(f);
    const a = sig(xml);
    const b = sig(perturbVolatile(xml));
    expect(b.structureKey).toBe(a.structureKey);
    expect(sameState(a, b, cfg)).not.toBeNull();
  });

  it('different screens have different signatures and are not merged', () => {
    const sigs = dumps.filter((f) => !f.startsWith('04-')).map((f) => [f, sig(load(f))] as const);
    for (let i = 0; i < sigs.length; i++) {
      for (let j = i + 1; j < sigs.length; j++) {
        expect(sigs[i]![1].structureKey, `${sigs[i]![0]} vs ${sigs[j]![0]}`).not.toBe(sigs[j]![1].structureKey);
        expect(sameState(sigs[i]![1], sigs[j]![1], cfg), `${sigs[i]![0]} vs ${sigs[j]![0]}`).toBeNull();
      }
    }
  });

  it('a flipped switch makes another state of the same page', () => {
    const xml = load('09-settings-1600x2452.xml');
    const unchecked = 'checkable="true" checked="false"';
    const i = xml.indexOf(unchecked);
    expect(i).toBeGreaterThan(0);
    const flipped = `${xml.slice(0, i)}checkable="true" checked="true"${xml.slice(i + unchecked.length)}`;
    expect(sameState(sig(xml), sig(flipped), cfg)).toBeNull();
    expect(sameState(sig(xml), sig(flipped), { ...cfg, splitOnWidgetState: false })).not.toBeNull();
  });

  it('masks clock times, dates and counts in anchors', () => {
    expect(maskVolatile('12:45')).toBe('#t');
    expect(maskVolatile('Battery 92%')).toBe('Battery #%');
    expect(maskVolatile('Wi-Fi')).toBe('Wi-Fi');
  });
});
