import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { canonicalNumber } from './content.js';
import { filterDecides } from './typed-text.js';
import { textMatches } from './match.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { GraphWalker } from './walk.js';

/**
 * Numbers as a phone's fields hold them (found by hand set D): a number field drops full-width digits typed there; a
 * long number keeps its leading zeros and 30 typed after a field's 00 is 0030, never 30; a quantity that starts at 1
 * is not stepped below it; a draft left by Back is gone; an amount of money takes a point. Each rule also has CLI cases (test/fixtures/offline-kinds).
 */
describe('numbers as a field holds them', () => {
  it('06 is 6; 0030 is not 30; 02195566888 is not 2195566888', () => {
    expect(canonicalNumber('06')).toBe('6');
    expect(canonicalNumber('0030')).toBe('0030');
    expect(textMatches('0030', '30', 0.8).matched).toBe(false);
    expect(textMatches('2195566888', '02195566888', 0.8).matched).toBe(false);
    expect(textMatches('300元', '300', 0.8).matched).toBe(true);
  });

  const amountBox = b(40, 300, 1040, 450);
  const send = b(40, 600, 1040, 750);
  const form = (amount: string, hint: string) =>
    page('转账给 儿子建国', field(amount, hint, amountBox, { resourceId: id('amount') }), button('转账', send, { resourceId: id('send') }));
  const done = page('转账成功', text('已转账', b(40, 300, 1040, 450)));
  const demoWith = (hint: string) =>
    graphOf([
      demoOf(1, [
        { ui: form('', hint), action: tapAt(amountBox) },
        { ui: form('', hint), action: { type: 'Type', text: '300' } },
        { ui: form('300', hint), action: tapAt(send) },
        { ui: done, action: null, activity: 'DoneActivity' },
      ]),
    ]);
  const transfer = demoWith('金额（元）');
  const minutes = demoWith('分钟');
  const typed = (text: string): Action[] => [tapAt(amountBox), { type: 'Type', text }, tapAt(send)];

  it('a number field: 300 accepted; full-width ３００ (the field drops it) not', () => {
    expect(walkPath(transfer, typed('300')).accepted).toBe(true);
    expect(walkPath(transfer, typed('３００')).accepted).toBe(false);
  });

  it("a point typed into a number field of minutes: the field's filter decides (one app keeps 300.0, another makes it 3000) — not accepted; 300元 either way 300", () => {
    expect(walkPath(minutes, typed('300.0')).accepted).toBe(false);
    expect(walkPath(minutes, typed('300元')).accepted).toBe(true);
    expect(filterDecides('', '10.0', false)).toBe(true);
    expect(filterDecides('', '300 ', false)).toBe(false);
  });

  it('an amount of money (the field called 金额（元）) takes the point: 300.00, 300.0, 0300 and 300.000 are 300; 300.50, 30.00 and 300.0.0 are not', () => {
    expect(walkPath(transfer, typed('300.00')).accepted).toBe(true);
    expect(walkPath(transfer, typed('300.0')).accepted).toBe(true);
    expect(walkPath(transfer, typed('300.50')).accepted).toBe(false);
    expect(walkPath(transfer, typed('30.00')).accepted).toBe(false);
    expect(walkPath(transfer, typed('300.0.0')).accepted).toBe(false);
    // The amount the payment reads: no leading zero, two places at most (held-out set AP: 0300 and 300.000 refused).
    expect(walkPath(transfer, typed('0300')).accepted).toBe(true);
    expect(walkPath(transfer, typed('300.000')).accepted).toBe(true);
    // A field called by another word with 元 in it (单元号, a building's unit) is no amount of money.
    expect(walkPath(demoWith('单元号'), typed('300.00')).accepted).toBe(false);
    expect(filterDecides('', '300.00', false, 'money')).toBe(false);
    expect(filterDecides('', '300.00', false, 'number')).toBe(true);
  });
});

describe('a quantity that starts at 1', () => {
  const minus = b(40, 600, 360, 750);
  const plus = b(720, 600, 1040, 750);
  const buy = b(40, 1400, 1040, 1550);
  const product = (n: number) =>
    page(
      '低脂牛奶',
      button('−', minus, { resourceId: id('minus') }),
      text(String(n), b(420, 600, 660, 750), { resourceId: id('qty') }),
      button('+', plus, { resourceId: id('plus') }),
      button('立即购买', buy, { resourceId: id('buy') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: product(1), action: tapAt(plus) },
      { ui: product(2), action: tapAt(buy) },
      { ui: page('订单', text('已下单', b(40, 300, 1040, 450))), action: null, activity: 'OrderActivity' },
    ]),
  ]);

  it('+ then buy, and + + − then buy: two, accepted; − at 1 then + twice (three on a phone): not', () => {
    expect(walkPath(g, [tapAt(plus), tapAt(buy)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(plus), tapAt(plus), tapAt(minus), tapAt(buy)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(minus), tapAt(plus), tapAt(plus), tapAt(buy)]).accepted).toBe(false);
  });
});

describe('a draft typed and left by Back', () => {
  const row = b(0, 300, 1080, 460);
  const box = b(40, 2000, 800, 2150);
  const sendAt = b(820, 2000, 1040, 2150);
  const chats = page('微信', button('女儿小芳', row, { resourceId: id('chat') }));
  const thread = (draft: string, sent: string[]) =>
    page(
      '女儿小芳',
      ...sent.map((t, i) => text(t, b(40, 400 + i * 150, 1040, 520 + i * 150), { resourceId: id('bubble') })),
      field(draft, '输入消息', box, { resourceId: id('input') }),
      button('发送', sendAt, { resourceId: id('send') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: chats, action: tapAt(row) },
      { ui: thread('', []), action: tapAt(box), activity: 'ThreadActivity' },
      { ui: thread('', []), action: { type: 'Type', text: '我已经吃过药了' }, activity: 'ThreadActivity' },
      { ui: thread('我已经吃过药了', []), action: tapAt(sendAt), activity: 'ThreadActivity' },
      { ui: thread('', ['我已经吃过药了']), action: null, activity: 'ThreadActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  const type: Action = { type: 'Type', text: '我已经吃过药了' };

  it('a draft an app may keep: 周六, left, the thread again and the right text typed after it and sent — not accepted (sent 周六…)', () => {
    const said = (text: string): Action => ({ type: 'Type', text });
    const right = [tapAt(row), tapAt(box), type, tapAt(sendAt)];
    expect(walkPath(g, right).accepted).toBe(true);
    const kept = walkPath(g, [tapAt(row), tapAt(box), said('我还没吃药'), back, back, ...right]);
    expect(kept.reason).toMatch(/keeps the draft/);
    expect(kept.accepted).toBe(false);
    // Typed with a clear, the field holds the text alone either way.
    const cleared: Action = { type: 'Type', text: '我已经吃过药了', clear: true };
    expect(
      walkPath(g, [tapAt(row), tapAt(box), said('我还没吃药'), back, back, tapAt(row), tapAt(box), cleared, tapAt(sendAt)]).accepted,
    ).toBe(true);
  });

  it('typed and sent: accepted; typed, left, the thread opened again and 发送 on the empty box: not', () => {
    expect(walkPath(g, [tapAt(row), tapAt(box), type, tapAt(sendAt)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(row), tapAt(box), type, back, back, tapAt(row), tapAt(sendAt)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(row), tapAt(box), type, back, back, tapAt(row), tapAt(box), type, tapAt(sendAt)]).accepted).toBe(true);
  });
});

describe('the app launched again after a page no demonstration recorded', () => {
  const other = b(40, 1800, 1040, 1950);
  const amountBox = b(40, 300, 1040, 450);
  const form = page('转账', field('', '金额（元）', amountBox, { resourceId: id('amount') }), button('更多', other));
  const g = graphOf([
    demoOf(1, [
      { ui: form, action: tapAt(amountBox) },
      { ui: form, action: null },
    ]),
  ]);
  const launch: Action = { type: 'LaunchApp', app: 'com.example.app' };

  it('is refused (the phone shows what it was left showing, which no one saw); after recorded pages only, it is not', () => {
    const away = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    expect(away.act(tapAt(other)).taken?.how).toBe('excursion');
    expect(away.act({ type: 'Back' }).taken).not.toBeNull();
    expect(away.act(launch).nearest?.result.reason ?? '').toMatch(/launched again after a page no demonstration recorded/);
    const home = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    expect(home.act(tapAt(amountBox)).taken).not.toBeNull();
    expect(home.act(launch).nearest?.result.reason ?? '').not.toMatch(/launched again/);
  });
});
