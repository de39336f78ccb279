import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A tab bar navigates (walk-tabs.ts) and an item opens its own page wherever it is listed (walk-named.ts): a look
 * at a tab no demonstration opened and back is a detour, an item tapped in another list than the demonstration's
 * opens the same page. Each right path is accepted; the careless one beside it is not.
 */

const back: Action = { type: 'Back' };

describe('a tab bar navigates: a tab no demonstration pressed there shows its page as the path left it', () => {
  const alarms = b(0, 2200, 360, 2350);
  const clock = b(360, 2200, 720, 2350);
  const timer = b(720, 2200, 1080, 2350);
  const tabs = (on: string) =>
    ['闹钟', '时钟', '计时器'].map((l, i) => button(l, [alarms, clock, timer][i]!, { resourceId: id(`tab${i}`), selected: l === on }));
  const ten = b(40, 300, 520, 450);
  const fifteen = b(560, 300, 1040, 450);
  const start = b(40, 900, 1040, 1050);
  const presets = [button('10 分钟', ten, { resourceId: id('p10') }), button('15 分钟', fifteen, { resourceId: id('p15') })];
  const timerPage = (chosen: string) =>
    page(
      '计时器',
      ...presets,
      button(chosen === '' ? '—' : chosen, b(40, 600, 1040, 700), { resourceId: id('minutes') }),
      button('开始', start, { resourceId: id('start') }),
      ...tabs('计时器'),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: page('闹钟', button('07:00', b(0, 300, 1080, 450), { resourceId: id('alarm') }), ...tabs('闹钟')), action: tapAt(timer) },
      { ui: timerPage(''), action: tapAt(ten) },
      { ui: timerPage('10'), action: tapAt(start) },
      { ui: page('计时器', button('暂停', start, { resourceId: id('pause') }), ...tabs('计时器')), action: null },
    ]),
  ]);

  it('the demonstration is accepted', () => {
    expect(walkPath(g, [tapAt(timer), tapAt(ten), tapAt(start)]).accepted).toBe(true);
  });

  it('a tab whose page no demonstration showed, then the recorded tab from there: accepted', () => {
    const r = walkPath(g, [tapAt(clock), tapAt(timer), tapAt(ten), tapAt(start)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('back to the first tab and on again: its page as the path left it', () => {
    expect(walkPath(g, [tapAt(timer), tapAt(alarms), tapAt(timer), tapAt(ten), tapAt(start)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(clock), tapAt(clock), tapAt(alarms), tapAt(timer), tapAt(ten), tapAt(start)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(clock), back, tapAt(timer), tapAt(ten), tapAt(start)]).accepted).toBe(true);
  });

  it('the same detour with the wrong preset, or a tap on the unknown page, is not accepted', () => {
    expect(walkPath(g, [tapAt(clock), tapAt(timer), tapAt(fifteen), tapAt(start)]).accepted).toBe(false);
    // On the 时钟 page no demonstration saw, what lies where the presets are elsewhere is unknown.
    expect(walkPath(g, [tapAt(clock), tapAt(ten), tapAt(timer), tapAt(start)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(clock), tapAt(timer), tapAt(start)]).accepted).toBe(false);
  });
});

/**
 * After the goal, a tab whose page no demonstration showed, then the goal's own tab: the page as the path left it, the
 * goal's state on it (held-out set X: 开始 pressed, 时钟, then 计时器 — the walk came back standing on no node).
 */
describe('after the goal, another tab and back', () => {
  const bar = (on: string) =>
    ['闹钟', '时钟', '计时器'].map((l, i) =>
      n({
        className: 'android.widget.LinearLayout',
        contentDesc: l,
        clickable: true,
        selected: l === on,
        bounds: b(i * 360, 2200, (i + 1) * 360, 2350),
        children: [text(l, b(i * 360, 2240, (i + 1) * 360, 2310))],
      }),
    );
  const clock = b(360, 2200, 720, 2350);
  const timer = b(720, 2200, 1080, 2350);
  const start = b(40, 900, 1040, 1050);
  const g = graphOf([
    demoOf(1, [
      {
        ui: page('计时器', text('10:00', b(40, 300, 1040, 450)), button('开始', start, { resourceId: id('start') }), ...bar('计时器')),
        action: tapAt(start),
      },
      {
        ui: page('计时器', text('09:59', b(40, 300, 1040, 450)), button('暂停', start, { resourceId: id('pause') }), ...bar('计时器')),
        action: null,
      },
    ]),
  ]);

  it('开始, 时钟 (no demonstration showed its page), 计时器: accepted; with a tap on the unshown page on the way: not', () => {
    const r = walkPath(g, [tapAt(start), tapAt(clock), tapAt(timer)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    expect(walkPath(g, [tapAt(start), tapAt(clock), tapAt(b(40, 300, 1040, 450)), tapAt(timer)]).accepted).toBe(false);
  });
});

describe('an item opens its own page wherever it is listed', () => {
  const rows = (labels: string[]) => labels.map((l, i) => button(l, b(0, 300 + i * 150, 1080, 450 + i * 150), { resourceId: id('row') }));
  const install = b(40, 600, 1040, 730);
  const details = (name: string, state: string) => page(name, button(state, install, { resourceId: id('install') }));
  const home = page('应用商店', ...rows(['棋牌游戏', '挂号网', '欢乐斗地主']));
  const g = graphOf([
    demoOf(1, [
      { ui: home, action: tapAt(b(0, 300, 1080, 450)) },
      { ui: page('棋牌游戏', ...rows(['欢乐斗地主', '老年麻将'])), action: tapAt(b(0, 300, 1080, 450)) },
      { ui: details('欢乐斗地主', '安装'), action: tapAt(install) },
      { ui: details('欢乐斗地主', '已安装'), action: null },
    ]),
  ]);
  const onHome = (i: number): Action => tapAt(b(0, 300 + i * 150, 1080, 450 + i * 150));

  it('the item tapped in the home list opens the page the demonstration reached from its category', () => {
    const r = walkPath(g, [onHome(2), tapAt(install)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('another item, in either list, is not that page', () => {
    expect(walkPath(g, [onHome(1), tapAt(install)]).accepted).toBe(false);
    expect(walkPath(g, [onHome(0), onHome(1), tapAt(install)]).accepted).toBe(false);
  });
});

describe('Back pops the page stack: it returns where the walk came from, not where the demonstration had', () => {
  const rows = (labels: string[]) => labels.map((l, i) => button(l, b(0, 300 + i * 150, 1080, 450 + i * 150), { resourceId: id('row') }));
  const install = b(40, 600, 1040, 730);
  const details = (state: string) => page('欢乐斗地主', button(state, install, { resourceId: id('install') }));
  const home = page('应用商店', ...rows(['棋牌游戏', '挂号网', '欢乐斗地主', '我的应用']));
  const category = page('棋牌游戏', ...rows(['欢乐斗地主', '老年麻将']));
  const mine = page('我的应用', text('欢乐斗地主 已安装', b(0, 300, 1080, 450)));
  const onHome = (i: number): Action => tapAt(b(0, 300 + i * 150, 1080, 450 + i * 150));
  // Installed from its category, then back twice to the home list, and 我的应用 to see it there.
  const g = graphOf([
    demoOf(1, [
      { ui: home, action: onHome(0) },
      { ui: category, action: onHome(0) },
      { ui: details('安装'), action: tapAt(install) },
      { ui: details('已安装'), action: back },
      { ui: category, action: back },
      { ui: home, action: onHome(3) },
      { ui: mine, action: null },
    ]),
  ]);

  it('the item opened from the home list: one Back is the home list again, where 我的应用 is', () => {
    const r = walkPath(g, [onHome(2), tapAt(install), back, onHome(3)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it("the demonstration's own way still returns through the category; a second Back from home is not the home list", () => {
    expect(walkPath(g, [onHome(0), onHome(0), tapAt(install), back, back, onHome(3)]).accepted).toBe(true);
    // From the category page, the place of 我的应用 on the home list is nothing the graph knows.
    expect(walkPath(g, [onHome(0), onHome(0), tapAt(install), back, onHome(3)]).accepted).toBe(false);
  });

  it('opened from the home list and left without installing: not done', () => {
    expect(walkPath(g, [onHome(2), back, onHome(3)]).accepted).toBe(false);
  });
});

describe('a screen with two tab bars, and a tab the walk never stood on', () => {
  const bottom = (on: string) =>
    ['首页', '订单'].map((l, i) => button(l, b(i * 540, 2200, (i + 1) * 540, 2350), { resourceId: id(`nav${i}`), selected: l === on }));
  const top = ['火车票', '机票'].map((l, i) =>
    button(l, b(i * 540, 250, (i + 1) * 540, 380), { resourceId: id(`kind${i}`), selected: l === '火车票' }),
  );
  const trip = b(0, 1200, 1080, 1350);
  const row = b(0, 300, 1080, 450);
  const home = page('出行', ...top, button('即将出行 G1234', trip, { resourceId: id('upcoming') }), ...bottom('首页'));
  const orders = page('我的行程', button('G1234 南京 → 上海', row, { resourceId: id('order') }), ...bottom('订单'));
  const detail = page('行程详情', text('G1234 08:00', b(40, 300, 1040, 400)));
  const g = graphOf([
    demoOf(1, [
      { ui: home, action: tapAt(bottom('订单')[1]!.bounds!) },
      { ui: orders, action: tapAt(row) },
      { ui: detail, action: null },
    ]),
    demoOf(2, [
      { ui: home, action: tapAt(trip) },
      { ui: detail, action: null },
    ]),
  ]);
  const ordersTab = tapAt(b(540, 2200, 1080, 2350));
  const homeTab = tapAt(b(0, 2200, 540, 2350));

  it('the bottom bar of a page that also shows another bar leads back to that page: 订单, 首页, then its trip', () => {
    const r = walkPath(g, [ordersTab, homeTab, tapAt(trip)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    // The tabs alone do not open the trip.
    expect(walkPath(g, [ordersTab, homeTab]).accepted).toBe(false);
  });
});

describe('a tab the walk never stood on leads where a demonstration pressed it from another page of the bar', () => {
  const tabs = (on: string) =>
    ['最近', '通讯录', '拨号键盘'].map((l, i) =>
      button(l, b(i * 360, 2200, (i + 1) * 360, 2350), { resourceId: id(`t${i}`), selected: l === on }),
    );
  const tabAt = (i: number) => tapAt(b(i * 360, 2200, (i + 1) * 360, 2350));
  const three = b(40, 600, 360, 750);
  const four = b(360, 600, 720, 750);
  const dial = b(40, 1800, 1040, 1950);
  const keypad = (number: string) =>
    page(
      '拨号',
      text(number, b(40, 300, 1040, 450), { resourceId: id('digits') }),
      button('3', three, { resourceId: id('k3') }),
      button('4', four, { resourceId: id('k4') }),
      button('拨打', dial, { resourceId: id('dial') }),
      ...tabs('拨号键盘'),
    );
  const calling = (n: string) => page('通话中', text(n, b(40, 300, 1040, 450)));
  const g = graphOf([
    demoOf(1, [
      { ui: page('最近通话', text('无通话记录', b(40, 300, 1040, 450)), ...tabs('最近')), action: tabAt(2) },
      { ui: keypad(''), action: tapAt(three) },
      { ui: keypad('3'), action: tapAt(dial) },
      { ui: calling('3'), action: null },
    ]),
    // The other route: the contacts tab, then the contact. Its tab page is recorded; the keypad was never pressed from it.
    demoOf(2, [
      { ui: page('最近通话', text('无通话记录', b(40, 300, 1040, 450)), ...tabs('最近')), action: tabAt(1) },
      {
        ui: page('通讯录', button('张医生', b(0, 300, 1080, 450), { resourceId: id('row') }), ...tabs('通讯录')),
        action: tapAt(b(0, 300, 1080, 450)),
      },
      { ui: calling('3'), action: null },
    ]),
  ]);
  const contacts = tabAt(1);

  it('通讯录, then the keypad tab, the number and 拨打: accepted; another number: not', () => {
    const r = walkPath(g, [contacts, tabAt(2), tapAt(three), tapAt(dial)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    expect(walkPath(g, [contacts, tabAt(2), tapAt(four), tapAt(dial)]).accepted).toBe(false);
  });
});
