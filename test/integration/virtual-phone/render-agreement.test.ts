import { describe, it, expect, afterAll } from 'vitest';
import sharp from 'sharp';
import { SaxesParser } from 'saxes';
import { startServer } from './helpers.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';

// Screenshot and hierarchy come from one view tree: every labelled node must have ink where the
// XML says it is, the XML must look like AccessibilityNodeInfoDumper's, and runs must repeat.
const ORDER = [
  'index',
  'text',
  'resource-id',
  'class',
  'package',
  'content-desc',
  'checkable',
  'checked',
  'clickable',
  'enabled',
  'focusable',
  'focused',
  'scrollable',
  'long-clickable',
  'password',
  'selected',
  'bounds',
  'hint',
];
const T0 = 1_700_000_000_000;

interface XNode {
  attrs: Record<string, string>;
  names: string[];
}

function parse(xml: string): XNode[] {
  const nodes: XNode[] = [];
  const p = new SaxesParser();
  p.on('opentag', (t) => {
    if (t.name === 'node') nodes.push({ attrs: t.attributes as Record<string, string>, names: Object.keys(t.attributes) });
  });
  p.write(xml).close();
  return nodes;
}

async function run(server: VirtualPhoneServer, cmd: string): Promise<string> {
  let out = '';
  await server.phone('vphone-1').runShell(cmd, { write: (d) => (out += d.toString()), signal: new AbortController().signal });
  return out;
}

describe('renderer agreement', () => {
  const servers: VirtualPhoneServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  for (const locale of ['en', 'zh'] as const) {
    it.concurrent(`every screen (${locale}) dumps valid uiautomator XML whose labelled nodes are drawn in the PNG`, async () => {
      const server = await startServer({ locale, frozenClockMs: T0 });
      servers.push(server);
      const phone = server.phone('vphone-1');
      const ids = (await run(server, 'cmd vphone screens'))
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]!);
      expect(ids.length).toBeGreaterThanOrEqual(20);
      const address = (phone.phone.states.get('com.android.messaging') as { threads: Array<{ address: string }> }).threads[0]!.address;
      for (const id of ids) {
        await run(server, `cmd vphone open ${id} address=${address} id=1 index=0`);
        expect((await run(server, 'cmd vphone screen')).trim()).toBe(id);
        const xml = phone.dumpXml();
        expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")).toBe(true);
        expect(xml.includes('\n')).toBe(false);
        const nodes = parse(xml);
        const png = await phone.screenshotPng();
        const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        const spreadIn = (x1: number, y1: number, x2: number, y2: number) => {
          let lo = 255;
          let hi = 0;
          for (let y = y1; y < y2; y++) {
            for (let x = x1; x < x2; x++) {
              const o = (y * info.width + x) * info.channels;
              const v = (data[o]! + data[o + 1]! + data[o + 2]!) / 3;
              if (v < lo) lo = v;
              if (v > hi) hi = v;
            }
          }
          return hi - lo;
        };
        for (const n of nodes) {
          const names = n.names.filter((x) => x !== 'NAF');
          expect(names).toEqual(ORDER);
          const m = /^\[(\d+),(\d+)\]\[(\d+),(\d+)\]$/.exec(n.attrs['bounds']!)!;
          const [x1, y1, x2, y2] = m.slice(1).map(Number) as [number, number, number, number];
          expect(x1 >= 0 && y1 >= 0 && x2 <= 1080 && y2 <= 2400 && x2 >= x1 && y2 >= y1).toBe(true);
          if (n.attrs['class'] === 'android.widget.TextView' && n.attrs['text']!.trim() !== '' && x2 - x1 > 4 && y2 - y1 > 4) {
            const spread = spreadIn(x1, y1, x2, y2);
            expect(spread, `${id}: "${n.attrs['text']}" at ${n.attrs['bounds']} has no ink`).toBeGreaterThan(60);
          }
        }
      }
    });
  }

  it('is reproducible for a seed and frozen clock, and differs across seeds', async () => {
    const make = async (seed: number) => {
      const s = await startServer({ seed, frozenClockMs: T0 });
      servers.push(s);
      for (const c of [
        'input keyevent HOME',
        'cmd vphone open settings.display',
        'input swipe 540 600 900 600 300',
        'input keyevent 4',
        'input keyevent HOME',
      ])
        await run(s, c);
      return {
        xml: s.phone('vphone-1').dumpXml(),
        png: await s.phone('vphone-1').screenshotPng(),
        state: await run(s, 'cmd vphone state'),
      };
    };
    const a = await make(11);
    const b = await make(11);
    const c = await make(12);
    expect(b.xml).toBe(a.xml);
    expect(b.png.equals(a.png)).toBe(true);
    expect(b.state).toBe(a.state);
    expect(c.xml).not.toBe(a.xml);
  });

  it('the live clock changes the screenshot but not the app hierarchy', async () => {
    const s = await startServer({ frozenClockMs: T0 });
    servers.push(s);
    await run(s, 'cmd vphone open settings.main');
    const xml1 = s.phone('vphone-1').dumpXml();
    const png1 = await s.phone('vphone-1').screenshotPng();
    await run(s, 'cmd vphone clock advance 60000');
    expect(s.phone('vphone-1').dumpXml()).toBe(xml1);
    expect((await s.phone('vphone-1').screenshotPng()).equals(png1)).toBe(false);
  });
});
