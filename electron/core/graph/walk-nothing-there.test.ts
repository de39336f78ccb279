import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * What a tap on nothing, typing before any tap, and Back in another app do on a phone (found by hand set G): a label
 * tapped changes nothing, so Back after it leaves the page itself; typed text goes nowhere until a field has the focus;
 * Back in an app another one opened follows that app's own history.
 */
describe('a tap on nothing that takes a tap', () => {
  const row = b(0, 300, 1080, 450);
  const title = b(40, 300, 1040, 420);
  const picture = b(40, 500, 1040, 1100);
  const save = b(560, 1400, 1040, 1550);
  const list = page('资讯', button('养老金上调', row, { resourceId: id('row') }));
  const article = (saved: string) =>
    page(
      '养老金上调',
      text('今年养老金上调，有哪些变化', title, { resourceId: id('headline') }),
      text('', picture, { resourceId: id('photo') }),
      button(saved, save, { resourceId: id('save') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: list, action: tapAt(row) },
      { ui: article('收藏'), action: tapAt(save), activity: 'ArticleActivity' },
      { ui: article('已收藏'), action: null, activity: 'ArticleActivity' },
    ]),
  ]);

  it('the headline or the picture tapped on the way: nothing happens, and the article is saved as demonstrated', () => {
    const r = walkPath(g, [tapAt(row), tapAt(title), tapAt(picture), tapAt(save)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('after Back from a page no one recorded, a tap on nothing proves nothing: the tap that opened it may have acted in place and Back left the article', () => {
    // (Found by leave-one-out: 加入购物车 read as a page opened, Back, then taps at the blank places of the product page
    // were taken as nothing while the phone stood on the shop's home.)
    const share = b(40, 1200, 520, 1300);
    const withShare = graphOf([
      demoOf(1, [
        { ui: list, action: tapAt(row) },
        {
          ui: page('养老金上调', button('分享', share, { resourceId: id('share') }), button('收藏', save, { resourceId: id('save') })),
          action: tapAt(save),
          activity: 'ArticleActivity',
        },
        {
          ui: page('养老金上调', button('分享', share, { resourceId: id('share') }), button('已收藏', save, { resourceId: id('save') })),
          action: null,
          activity: 'ArticleActivity',
        },
      ]),
    ]);
    expect(walkPath(withShare, [tapAt(row), tapAt(title), tapAt(save)]).accepted).toBe(true);
    expect(walkPath(withShare, [tapAt(row), tapAt(share), { type: 'Back' }, tapAt(title), tapAt(save)]).accepted).toBe(false);
    expect(walkPath(withShare, [tapAt(row), tapAt(share), { type: 'Back' }, tapAt(save)]).accepted).toBe(true);
  });

  it('the headline tapped, then Back: Back leaves the article (no page had opened), and 收藏 is not pressed', () => {
    // Read as a page opened and left, Back came back to the article and the tap at 收藏's place saved it.
    expect(walkPath(g, [tapAt(row), tapAt(title), { type: 'Back' }, tapAt(save)]).accepted).toBe(false);
  });
});

describe('typing before any tap on the page', () => {
  const amount = b(40, 300, 1040, 420);
  const confirm = b(40, 900, 1040, 1050);
  const payee = b(0, 300, 1080, 450);
  const payees = page('选择收款人', button('儿子建国', payee, { resourceId: id('payee') }));
  const form = (value: string) =>
    page('转账', field(value, '金额（元）', amount, { resourceId: id('amount') }), button('转账', confirm, { resourceId: id('confirm') }));
  const done = page('转账成功', button('完成', confirm, { resourceId: id('done') }));
  const type300: Action = { type: 'Type', text: '300' };
  /** `tapFirst`: the demonstration tapped the amount field before typing (the form focuses none by itself). */
  const demo = (tapFirst: boolean) =>
    graphOf([
      demoOf(1, [
        { ui: payees, action: tapAt(payee) },
        ...(tapFirst ? [{ ui: form(''), action: tapAt(amount), activity: 'FormActivity' }] : []),
        { ui: form(''), action: type300, activity: 'FormActivity' },
        { ui: form('300'), action: tapAt(confirm), activity: 'FormActivity' },
        { ui: done, action: null, activity: 'DoneActivity' },
      ]),
    ]);

  it('where the demonstration tapped the field first: typed at once, the text goes nowhere, refused', () => {
    const r = walkPath(demo(true), [tapAt(payee), type300, tapAt(confirm)]);
    expect(r.accepted).toBe(false);
    expect(r.reason).toMatch(/no field focused/);
  });

  it('转账 pressed on the empty form (nothing happens), then typed: no field has the focus, refused', () => {
    expect(walkPath(demo(true), [tapAt(payee), tapAt(confirm), type300, tapAt(confirm)]).accepted).toBe(false);
  });

  it('the field tapped, then typed: accepted', () => {
    expect(walkPath(demo(true), [tapAt(payee), tapAt(amount), type300, tapAt(confirm)]).accepted).toBe(true);
  });

  it('where a demonstration typed as it came to the form (the app focuses the field): typed at once, accepted', () => {
    expect(walkPath(demo(false), [tapAt(payee), type300, tapAt(confirm)]).accepted).toBe(true);
  });
});

describe('Back in an app another app opened', () => {
  const sms = b(40, 600, 520, 750);
  const call = b(560, 600, 1040, 750);
  const box = b(40, 2000, 800, 2150);
  const send = b(820, 2000, 1040, 2150);
  const card = page('王丽', button('短信', sms, { resourceId: id('sms') }), button('呼叫', call, { resourceId: id('call') }));
  const thread = (draft: string) =>
    page('王丽', field(draft, '短信', box, { resourceId: id('compose') }), button('发送', send, { resourceId: id('send') }));
  const messages = { app: 'com.example.messaging', activity: 'ConversationActivity' };
  const typed: Action = { type: 'Type', text: '周日中午一起吃饭' };
  const g = graphOf([
    demoOf(1, [
      { ui: card, action: tapAt(sms), activity: 'ContactActivity' },
      { ui: thread(''), action: tapAt(box), ...messages },
      { ui: thread(''), action: typed, ...messages },
      { ui: thread('周日中午一起吃饭'), action: tapAt(send), ...messages },
      { ui: thread(''), action: null, ...messages },
    ]),
  ]);

  it('the demonstration: the card, 短信, the text, 发送', () => {
    expect(walkPath(g, [tapAt(sms), tapAt(box), typed, tapAt(send)]).accepted).toBe(true);
  });

  it("Back in the messaging app is not known to return to the contact's card: refused", () => {
    // On the phone it showed the messaging app's list, where 短信's place is another conversation.
    expect(walkPath(g, [tapAt(sms), { type: 'Back' }, tapAt(sms), tapAt(box), typed, tapAt(send)]).accepted).toBe(false);
  });
});

describe('a long press on what takes only a tap', () => {
  const install = b(40, 600, 1040, 730);
  const shot = b(40, 900, 1040, 1500);
  const details = (state: string) =>
    page(
      '欢乐斗地主',
      button(state, install, { resourceId: id('install') }),
      button('截图', shot, { resourceId: id('screenshot'), longClickable: true }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: details('安装'), action: tapAt(install) },
      { ui: details('已安装'), action: null },
    ]),
  ]);
  /** A long press where `bounds` is. */
  const longPress = (bounds: Parameters<typeof tapAt>[0]): Action => {
    const tap = tapAt(bounds);
    return { type: 'LongPress', at: 'at' in tap ? tap.at : { x: 0, y: 0 }, ms: 800 };
  };

  it('安装 long-pressed: a view with no long-click handler clicks on release, installed', () => {
    const r = walkPath(g, [longPress(install)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('a long press on what has one of its own (the screenshot: its menu) is no tap: 安装 not pressed', () => {
    expect(walkPath(g, [longPress(shot)]).accepted).toBe(false);
  });
});

describe('what keeps the focus: Back keeps it (Enter then submits), another tab drops it, a tap on a button gives none', () => {
  const amount = b(40, 300, 1040, 420);
  const pay = b(40, 900, 1040, 1050);
  const formTab = b(0, 2200, 540, 2350);
  const otherTab = b(540, 2200, 1080, 2350);
  const bar = (on: string) =>
    ['缴费', '我的'].map((l, i) => button(l, [formTab, otherTab][i]!, { resourceId: id(`tab${i}`), selected: l === on }));
  const form = (value: string) =>
    page(
      '电费',
      field(value, '金额（元）', amount, { resourceId: id('amount') }),
      button('确认缴费', pay, { resourceId: id('pay') }),
      ...bar('缴费'),
    );
  const paid = page('缴费成功', button('完成', pay, { resourceId: id('done') }));
  const type100: Action = { type: 'Type', text: '100' };
  const enter: Action = { type: 'Enter' };
  const back: Action = { type: 'Back' };
  // The demonstration focused the amount, typed 100 and pressed Enter, which pays.
  const g = graphOf([
    demoOf(1, [
      { ui: form(''), action: tapAt(amount) },
      { ui: form(''), action: type100 },
      { ui: form('100'), action: enter },
      { ui: paid, action: null, activity: 'PaidActivity' },
    ]),
  ]);

  it('typed, Back (the keyboard goes, the field keeps the focus), Enter: paid, as on the phone', () => {
    const r = walkPath(g, [tapAt(amount), type100, back, enter]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the field focused, another tab and back: the focus is gone, typed text goes nowhere', () => {
    expect(walkPath(g, [tapAt(amount), tapAt(otherTab), tapAt(formTab), type100, enter]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(amount), tapAt(otherTab), tapAt(formTab), tapAt(amount), type100, enter]).accepted).toBe(true);
  });
});

describe('the system bars', () => {
  const save = b(560, 1400, 1040, 1550);
  const navBar = b(0, 2274, 1080, 2400);
  const article = (saved: string) => {
    const p = page('养老金上调', button(saved, save, { resourceId: id('save') }));
    const root = p.roots[0]!;
    const bar = { ...root, children: [], resourceId: 'android:id/navigationBarBackground', bounds: navBar, className: 'android.view.View' };
    return { ...p, roots: [{ ...root, children: [...root.children, bar] }] };
  };
  const g = graphOf([
    demoOf(1, [
      { ui: article('收藏'), action: tapAt(save) },
      { ui: article('已收藏'), action: null },
    ]),
  ]);

  it('a tap on the navigation bar presses a system key (its Back leaves the article): no tap on nothing', () => {
    expect(walkPath(g, [tapAt(b(200, 2300, 300, 2380)), tapAt(save)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(b(200, 1700, 300, 1800)), tapAt(save)]).accepted).toBe(true);
  });
});

describe('near the demonstrated point, but beside the control the person tapped', () => {
  // The alarm's row opens its editor; the switch inside it (84 px tall) turns it off. The demonstration tapped the switch.
  const row = b(0, 300, 1080, 489);
  const toggle = b(900, 352, 1040, 436);
  const list = (on: boolean) =>
    page(
      '闹钟',
      n({
        className: 'android.widget.LinearLayout',
        resourceId: id('alarm'),
        clickable: true,
        bounds: row,
        children: [
          text('07:00', b(40, 330, 400, 460)),
          n({ className: 'android.widget.Switch', resourceId: id('onoff'), checkable: true, checked: on, clickable: true, bounds: toggle }),
        ],
      }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: list(true), action: tapAt(toggle) },
      { ui: list(false), action: null },
    ]),
  ]);

  it('inside the switch, off its centre: accepted; 46 px below its centre, on the row (the editor opens): not', () => {
    expect(walkPath(g, [tapAt(b(900, 420, 1040, 434))]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(b(900, 438, 1040, 444))]).accepted).toBe(false);
  });
});
