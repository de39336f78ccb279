import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { ContentValue } from '../../../shared/domain/task-graph.js';
import { contentModel, contentUnder, demonstrationEffects, learnContent } from './content-keys.js';

const v = (key: string, value: string, kind: ContentValue['kind'] = 'text', extra: Partial<ContentValue> = {}): ContentValue => ({
  key: `P§${key}`,
  kind,
  value,
  label: key,
  ...extra,
});
const tap: Action = { type: 'Tap', at: { x: 500, y: 500 } };
const swipe: Action = { type: 'Swipe', from: { x: 500, y: 800 }, to: { x: 500, y: 200 } };
const step = (action: Action | null, content: ContentValue[], extra: { page?: string; keyboard?: boolean } = {}) => ({
  action,
  content,
  page: 'P',
  ...extra,
});
const demo = (id: number, steps: ReturnType<typeof step>[]) => ({
  id,
  steps: steps.map((s, idx) => ({
    ...s,
    ref: { demonstrationId: id, idx, screenshotBlob: null, xmlBlob: null },
    signature: { activity: 'P', structure: [], structureKey: '', anchors: [], widgetState: [], imageHash: null },
    actionPx: null,
    screen: { width: 1080, height: 2400 },
  })),
});

describe('which content a graph keeps', () => {
  it('a value an action changed is content; a value nothing changed is not', () => {
    const effects = demonstrationEffects([
      step(tap, [v('amount', ''), v('clock', '#t', 'label')]),
      step({ type: 'Type', text: '300' }, [v('amount', ''), v('clock', '#t', 'label')]),
      step(null, [v('amount', '300'), v('clock', '#t', 'label')]),
    ]);
    expect(effects[0]).toEqual([]);
    expect(effects[1]).toEqual([expect.objectContaining({ key: 'P§amount', value: '300' })]);
  });

  it('appearing on or vanishing from a page seen before is a change; not inside a scrolling list, not across a swipe, not when the keyboard came or went', () => {
    const e = demonstrationEffects([
      step(tap, [v('install', '安装', 'label')]),
      step(tap, [v('status', '已安装', 'label')]),
      step(swipe, [v('status', '已安装', 'label'), v('row', 'x', 'label', { listed: true })]),
      step(tap, [v('status', '已安装', 'label')]),
      step(null, [v('status', '已安装', 'label'), v('hidden', 'y', 'label')], { keyboard: true }),
    ]);
    expect(e[0]!.map((x) => [x.key, x.value])).toEqual([
      ['P§status', '已安装'],
      ['P§install', ''],
    ]);
    expect(e[1]).toEqual([]); // swipe: the list row came into view
    expect(e[2]).toEqual([]); // listed rows going out of view say nothing
    expect(e[3]).toEqual([]); // the keyboard came up
  });

  it('what follows from a chosen option is not content of its own (the route time of another travel mode)', () => {
    const e = demonstrationEffects([
      step(tap, [v('modes', '公交', 'choice'), v('eta', '25', 'number')]),
      step(null, [v('modes', '步行', 'choice'), v('eta', '48', 'number')]),
    ]);
    expect(e[0]!.map((x) => x.key)).toEqual(['P§modes']);
  });

  it('values the demonstrations committed differently are free: the state keeps only whether one is set', () => {
    const pay = (amount: string) =>
      demo(amount === '50' ? 1 : 2, [step(tap, [v('amount', '')]), step(tap, [v('amount', amount)]), step(null, [v('amount', amount)])]);
    const m = learnContent([pay('50'), pay('100')]);
    expect([...m.keys]).toEqual(['P§amount']);
    expect([...m.free]).toEqual(['P§amount']);
    expect(contentUnder(m, [v('amount', '50')])).toEqual({ 'P§amount': '*' });
    expect(contentUnder(m, [v('amount', '')])).toEqual({ 'P§amount': '' });
    const same = learnContent([pay('50'), { ...pay('50'), id: 3 }]);
    expect([...same.free]).toEqual([]);
  });

  it('a value the page showed before any action is never free: reduced to "set", the start would read as the goal', () => {
    // The media volume at 5/15, raised to 13/15 by one demonstration and to 15/15 by another (found when routes an
    // explorer proposed were accepted: the page as opened then counted as DONE, and a slider dragged down passed).
    const raise = (id: number, to: string) =>
      demo(id, [step(tap, [v('volume', '5,15', 'number')]), step(null, [v('volume', to, 'number')])]);
    const m = learnContent([raise(1, '13,15'), raise(2, '15,15')]);
    expect([...m.keys]).toEqual(['P§volume']);
    expect([...m.free]).toEqual([]);
    expect(contentUnder(m, [v('volume', '5,15', 'number')])).toEqual({ 'P§volume': '5,15' });
  });

  it('a content key the page does not show reads as empty, unless it sits in a list or the keyboard hides the page', () => {
    const m = contentModel(['P§status', 'P§row'], [], ['P§row']);
    expect(contentUnder(m, [v('other', 'x', 'label')], 'P')).toEqual({ 'P§status': '' });
    expect(contentUnder(m, [v('other', 'x', 'label')], 'P', true)).toEqual({});
    expect(contentUnder(m, [v('status', '已安装', 'label')], 'P')).toEqual({ 'P§status': '已安装' });
  });
});
