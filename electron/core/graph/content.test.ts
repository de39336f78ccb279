import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { UI_DUMPS_DIR } from '../../../test/support/fixtures.js';
import type { ui } from '../../../test/support/ui-builder.js';
import { b, button, field, id, n, page, row, tabs, text } from '../../../test/support/ui-builder.js';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import { contentCandidates, enteredTextsOf, keyboardLikelyUp, normalizeContent, numbersIn, optionGroupAt } from './content.js';

const cfg = DEFAULT_SIGNATURE_CONFIG;
const byKey = (u: ReturnType<typeof ui>) => new Map(contentCandidates(u, cfg, 'P').map((v) => [v.key.slice(2), v]));

describe('content candidates', () => {
  it('an editable field: its typed text, normalized; its hint is no content; a password counts characters only', () => {
    const empty = byKey(page('Pay', field('', '金额（元）', b(40, 300, 1040, 420), { resourceId: id('amount') })));
    const typed = byKey(page('Pay', field('３００ ', '金额（元）', b(40, 300, 1040, 420), { resourceId: id('amount') })));
    const key = `text|EditText|${id('amount')}`;
    expect(empty.get(key)).toMatchObject({ kind: 'text', value: '', label: '金额（元）' });
    expect(typed.get(key)).toMatchObject({ kind: 'text', value: '300' });
    const pw = byKey(page('Wi-Fi', field('secret12', 'Password', b(40, 300, 1040, 420), { resourceId: id('pw'), password: true })));
    expect(pw.get(`text|EditText|${id('pw')}`)!.value).toBe('••••••••');
  });

  it('a group of options: the chosen one by label; another choice is another value of the same key', () => {
    const a = byKey(page('Bills', tabs(['本月', '上月'], '本月', 300)));
    const c = byKey(page('Bills', tabs(['本月', '上月'], '上月', 300)));
    const none = byKey(page('Bills', tabs(['本月', '上月'], '', 300)));
    const key = [...a.keys()].find((k) => k.startsWith('choice|HorizontalScrollView'))!;
    expect(a.get(key)!.value).toBe('本月');
    expect(c.get(key)!.value).toBe('上月');
    expect(none.get(key)!.value).toBe('');
  });

  it('numbers in short texts, keyed by their row, not by the text they change (a quantity, a date)', () => {
    const one = byKey(page('Product', row('数量', '1', b(0, 300, 1080, 400))));
    const two = byKey(page('Product', row('数量', '2', b(0, 300, 1080, 400))));
    const key = 'number|TextView|android:id/summary|数量';
    expect(one.get(key)!.value).toBe('1');
    expect(two.get(key)!.value).toBe('2');
    const d1 = byKey(page('Travel', row('日期', '12月2日周三', b(0, 300, 1080, 400))));
    const d2 = byKey(page('Travel', row('日期', '12月3日周四', b(0, 300, 1080, 400))));
    expect(d1.get(key.replace('数量', '日期'))!.value).toBe('12,2');
    expect(d2.get(key.replace('数量', '日期'))!.value).toBe('12,3');
  });

  it('clock times are never numbers; labels with a stable place are (安装 → 已安装), texts that repeat in a list are not', () => {
    const clock = byKey(page('Home', text('09:41', b(0, 300, 300, 400), { resourceId: id('clock') })));
    expect([...clock.values()].some((v) => v.kind === 'number')).toBe(false);
    expect(clock.get(`label|TextView|${id('clock')}|`)!.value).toBe('#t');
    const install = byKey(page('App', button('安装', b(40, 800, 1040, 950), { resourceId: id('install') })));
    expect(install.get(`label|Button|${id('install')}|`)!.value).toBe('安装');
    const list = byKey(
      page(
        'News',
        ...['头条一', '头条二', '头条三'].map((t, i) =>
          n({
            bounds: b(0, 300 + i * 200, 1080, 480 + i * 200),
            clickable: true,
            children: [text(t, b(20, 310 + i * 200, 1060, 470 + i * 200), { resourceId: id('headline') })],
          }),
        ),
      ),
    );
    expect([...list.keys()].filter((k) => k.startsWith('label|TextView|'))).toEqual([]);
  });

  it('keys carry the page they belong to and are unique within a dump; items inside a scrolling container are marked listed', () => {
    const u = page(
      'Cart',
      n({
        scrollable: true,
        className: 'androidx.recyclerview.widget.RecyclerView',
        bounds: b(0, 300, 1080, 2000),
        children: [row('数量', '3', b(0, 300, 1080, 400))],
      }),
    );
    const all = contentCandidates(u, cfg, 'com.example/.Cart|Cart');
    expect(all.every((v) => v.key.startsWith('com.example/.Cart|Cart§'))).toBe(true);
    expect(new Set(all.map((v) => v.key)).size).toBe(all.length);
    expect(all.find((v) => v.kind === 'number')).toMatchObject({ value: '3', listed: true });
  });

  it('a text the task typed, shown outside an editable field (the sent message), is content; in the field it is not', () => {
    const withEntered = { ...cfg, enteredTexts: enteredTextsOf(['我晚点到，大概半小时', '  300 ', '李强', '¥ 1,200']) };
    // Only texts that cannot turn up by chance are looked for: not short names, not amounts.
    expect(withEntered.enteredTexts).toEqual(['我晚点到,大概半小时']);
    const key = 'entered|我晚点到,大概半小时';
    const at = (u: ReturnType<typeof ui>) => new Map(contentCandidates(u, withEntered, 'P').map((v) => [v.key.slice(2), v]));
    const drafting = at(
      page('李强', text('妈，周日回来吃饭吗？', b(40, 300, 1040, 380)), field('我晚点到，大概半小时', '短信', b(40, 2000, 900, 2100))),
    );
    const sent = at(
      page(
        '李强',
        text('妈，周日回来吃饭吗？', b(40, 300, 1040, 380)),
        text('我晚点到，大概半小时', b(40, 400, 1040, 480)),
        field('', '短信', b(40, 2000, 900, 2100)),
      ),
    );
    const before = at(page('李强', text('妈，周日回来吃饭吗？', b(40, 300, 1040, 380)), field('', '短信', b(40, 2000, 900, 2100))));
    expect(drafting.get(key)!.value).toBe('');
    expect(before.get(key)!.value).toBe('');
    expect(sent.get(key)).toMatchObject({ kind: 'label', value: 'shown' });
    // Without typed texts in the configuration there is no such candidate at all.
    expect([...byKey(page('李强', text('我晚点到，大概半小时', b(40, 400, 1040, 480)))).keys()].some((k) => k.startsWith('entered|'))).toBe(
      false,
    );
  });

  it('the option group a tap lands in; none for a lone button', () => {
    const u = page(
      'Pay',
      n({
        className: 'android.widget.GridLayout',
        resourceId: id('presets'),
        bounds: b(0, 500, 1080, 650),
        children: [button('50元', b(0, 500, 270, 650)), button('100元', b(270, 500, 540, 650)), button('200元', b(540, 500, 810, 650))],
      }),
      button('确认', b(40, 900, 1040, 1050)),
    );
    expect(optionGroupAt(u, 400, 575)).toHaveLength(3);
    expect(optionGroupAt(u, 500, 975)).toBeNull();
  });

  it('the keyboard is likely up while an editable field has focus', () => {
    expect(keyboardLikelyUp(page('Search', field('', '搜索', b(0, 300, 1080, 400), { focused: true })))).toBe(true);
    expect(keyboardLikelyUp(page('Search', field('', '搜索', b(0, 300, 1080, 400))))).toBe(false);
  });

  it('normalizes width forms and case, and reads numbers out of text without clock times', () => {
    expect(normalizeContent(' ＡＢＣ  d ')).toBe('abc d');
    expect(numbersIn('¥59.90 × 3，08:15 出发')).toEqual(['59.90', '3']);
    expect(numbersIn('1,200元')).toEqual(['1200']);
  });

  it('real phone dumps: every candidate key is unique per dump', () => {
    for (const f of readdirSync(UI_DUMPS_DIR).filter((x) => x.endsWith('.xml'))) {
      const all = contentCandidates(parseUiXml(readFileSync(join(UI_DUMPS_DIR, f), 'utf8')), cfg, f);
      expect(new Set(all.map((v) => v.key)).size, f).toBe(all.length);
    }
  });
});
