import { describe, expect, it } from 'vitest';
import { b, button, field, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../test/support/page-demos.js';
import { pageModel } from './page-model.js';
import { commitsByExit, discarded } from './walk-discard.js';

/**
 * A form the demonstrations committed by a way off it (保存), left by Back instead, keeps nothing the path set there:
 * opened again it shows what it shows when it opens, and saved so, it is not the demonstrated result. (Through the whole
 * walk on the sample's alarm editor: CLI cases, clock-alarm-six.)
 */
describe('a form left by Back before its 保存 forgets what the path set there', () => {
  const add = b(800, 2000, 1040, 2150);
  const minus = b(40, 600, 360, 750);
  const save = b(560, 1400, 1040, 1550);
  const list = (alarms: string[]) =>
    page(
      '闹钟',
      ...alarms.map((a, i) => text(a, b(0, 300 + i * 160, 1080, 450 + i * 160), { resourceId: id('alarm') })),
      button('添加闹钟', add, { resourceId: id('add') }),
    );
  const editor = (hour: string) =>
    page(
      '添加闹钟',
      field(hour, '小时（0-23）', b(40, 300, 520, 450), { resourceId: id('hour') }),
      button('−1 h', minus, { resourceId: id('minus') }),
      button('保存', save, { resourceId: id('save') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: list([]), action: tapAt(add) },
      { ui: editor('07'), action: tapAt(minus) },
      { ui: editor('06'), action: tapAt(save) },
      { ui: list(['06:00']), action: null },
    ]),
  ]);
  const m = pageModel(g);
  const pageOf = (title: string): string => [...new Set(m.pageOf.values())].find((p) => p.endsWith(`|${title}`))!;
  const editorNode = g.nodes.find((n) => n.signature.title === '添加闹钟')!;
  const hourKey = Object.keys(editorNode.signature.content ?? {}).find((k) => k.includes('hour'))!;

  it('the editor commits by a way off it (保存 after an edit); the list does not', () => {
    expect(commitsByExit(m, pageOf('添加闹钟'))).toBe(true);
    expect(commitsByExit(m, pageOf('闹钟'))).toBe(false);
  });

  it('left by Back, a key the path set that the page still shows takes back what the page showed on arrival', () => {
    const set = new Set([hourKey]);
    const entered = new Map([[hourKey, '07']]);
    expect(discarded(m, pageOf('添加闹钟'), new Map([[hourKey, '06']]), new Map([[hourKey, '06']]), set, entered)).toEqual(
      new Map([[hourKey, '07']]),
    );
    // A field the app emptied when it used it (a message sent): what it held went out, and stays in the record.
    expect(discarded(m, pageOf('添加闹钟'), new Map([[hourKey, '']]), new Map([[hourKey, '06']]), set, entered).size).toBe(0);
    // A page that commits nothing by a way off it keeps what the path set.
    expect(discarded(m, pageOf('闹钟'), new Map([[hourKey, '06']]), new Map([[hourKey, '06']]), set, entered).size).toBe(0);
  });
});
