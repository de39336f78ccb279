import { describe, expect, it } from 'vitest';
import { b, button, field, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { cut } from '../../../test/support/word-list-tokenizer.js';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * The task's goal action done again, as recorded, to another page: no demonstration did it twice, and a phone does it
 * twice (the photo shared to 女儿 twice, a second order). Found by hand: the phone's checks counted two shares.
 */
describe('the goal action done twice', () => {
  const share = b(40, 2000, 540, 2150);
  const daughter = b(0, 1400, 540, 1560);
  const son = b(540, 1400, 1080, 1560);
  const photo = page('生日蛋糕', button('分享', share, { resourceId: id('share') }));
  const sheet = page('分享到', button('女儿', daughter, { resourceId: id('target') }), button('儿子', son, { resourceId: id('target') }));
  const g = graphOf([
    demoOf(1, [
      { ui: photo, action: tapAt(share) },
      { ui: sheet, action: tapAt(daughter), activity: 'ShareActivity' },
      { ui: photo, action: null },
    ]),
  ]);

  it('shared once: accepted; shared to 女儿 again: not accepted', () => {
    expect(walkPath(g, [tapAt(share), tapAt(daughter)]).accepted).toBe(true);
    const twice = walkPath(g, [tapAt(share), tapAt(daughter), tapAt(share), tapAt(daughter)]);
    expect(twice.accepted).toBe(false);
    expect(twice.reason).toMatch(/goal action again/);
  });

  it('where the task only asks to be shown something, the look is taken again only from a page Back returned to', () => {
    // The chat list: the group's row opens its chat (the goal); Back returns to the list as it was left.
    const row = b(0, 400, 1080, 560);
    const other = b(0, 560, 1080, 720);
    const list = page('微信', button('老年大学合唱团', row, { resourceId: id('row') }), button('老李', other, { resourceId: id('row') }));
    const chat = page('老年大学合唱团', button('发送', b(800, 2100, 1040, 2200), { resourceId: id('send') }));
    const chats = graphOf([
      demoOf(1, [
        { ui: list, action: tapAt(row) },
        { ui: chat, action: null, activity: 'ChatActivity' },
      ]),
    ]);
    const walk = (g: typeof chats, path: readonly Action[], inquiries: ReadonlySet<string>): boolean => {
      const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS, new AppPages([g], inquiries));
      return path.every((a) => w.act(a).taken !== null) && w.finish().success;
    };
    const back: Action = { type: 'Back' };
    expect(walk(chats, [tapAt(row), back, tapAt(row)], new Set(['t']))).toBe(true);
    expect(walk(chats, [tapAt(row), back, tapAt(row)], new Set())).toBe(false);
    // The photo shared again through a sheet opened afresh: not a look from the page as it was, refused either way.
    const twice = [tapAt(share), tapAt(daughter), tapAt(share), tapAt(daughter)];
    expect(walk(g, twice, new Set(['t']))).toBe(false);
  });
});

/**
 * The goal's own lone button where it stands: a row of a scrolling list (通话详情's 屏蔽号码) whose label the app turns
 * into its opposite (取消屏蔽号码) — a label with no stable place and inside what scrolls, so the graph keeps one state
 * and records the press as a self-loop. Pressed again it undoes the goal; once more, it redoes it.
 */
describe("the goal's lone button pressed again where it stands", () => {
  const call = b(0, 300, 1080, 460);
  const block = b(0, 460, 1080, 620);
  const row = (label: string, bounds: ReturnType<typeof b>) =>
    n({
      className: 'android.widget.LinearLayout',
      clickable: true,
      bounds,
      children: [text(label, b(120, bounds.top + 40, 900, bounds.bottom - 40))],
    });
  const details = (blocked: boolean) =>
    page(
      '通话详情',
      n({
        className: 'androidx.recyclerview.widget.RecyclerView',
        scrollable: true,
        bounds: b(0, 240, 1080, 2300),
        children: [row('呼叫', call), row(blocked ? '取消屏蔽号码' : '屏蔽号码', block)],
      }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: details(false), action: tapAt(block) },
      { ui: details(true), action: null },
    ]),
  ]);

  it('pressed once: accepted; twice (取消屏蔽号码: undone): not; three times (blocked again): accepted', () => {
    expect(g.edges.some((e) => e.goal && e.from === e.to)).toBe(true);
    expect(walkPath(g, [tapAt(block)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(block), tapAt(block)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(block), tapAt(block), tapAt(block)]).accepted).toBe(true);
  });
});

/**
 * A message typed in other words than the demonstrations', judged at the end by its key terms (a free text with slots):
 * it may be typed in two goes (我, then 到家了) — but sent saying the day the task takes back (周六), it went out, and the
 * right message sent after it does not call it back (found by hand: two messages, the first saying 周六).
 */
describe('a free message typed and sent', () => {
  const box = b(40, 2000, 800, 2150);
  const sendAt = b(820, 2000, 1040, 2150);
  const thread = (draft: string, sent: string[]) =>
    page(
      '家人群',
      ...sent.map((t, i) => text(t, b(40, 400 + i * 150, 1040, 520 + i * 150), { resourceId: id('bubble') })),
      field(draft, '输入消息', box, { resourceId: id('input') }),
      button('发送', sendAt, { resourceId: id('send') }),
    );
  const demo = (id_: number, message: string) =>
    demoOf(id_, [
      { ui: thread('', []), action: tapAt(box) },
      { ui: thread('', []), action: { type: 'Type', text: message } },
      { ui: thread(message, []), action: tapAt(sendAt) },
      { ui: thread('', [message]), action: null },
    ]);
  const g = graphOf([demo(1, '周日我准时到'), demo(2, '星期天我准时到')], {
    instruction: '跟家里说周六我准时到，不对，是周日',
    tokenize: cut,
    terms: [{ required: ['周日'], forbidden: ['周六'] }],
  });
  const say = (t: string): Action => ({ type: 'Type', text: t });

  it('typed in two goes (我, then 周日准时到) and sent: accepted', () => {
    const r = walkPath(g, [tapAt(box), say('我'), say('周日准时到'), tapAt(sendAt)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('周六我准时到 sent, then 周日我准时到 sent: not accepted (the first went out)', () => {
    // Refused at the send itself: whatever follows, that message went out (the CLI case chat-family-sunday plays on).
    const r = walkPath(g, [tapAt(box), say('周六我准时到'), tapAt(sendAt), tapAt(box), say('周日我准时到'), tapAt(sendAt)]);
    expect(r.reason).toMatch(/^step 3 .*sends "周六我准时到", which says what the task takes back/);
    expect(r.accepted).toBe(false);
  });
});

/**
 * A task that acts is done once its goal action is: Back, a scroll, another tab or a recorded way to another page after
 * it leave the act standing, as on the phone; an edit or a tap the graph does not know may undo it (walk-goal-stands.ts).
 */
describe('the goal stands after moves that cannot act', () => {
  const row = b(0, 400, 1080, 560);
  const star = b(900, 100, 1040, 220);
  const unknown = b(0, 1500, 1080, 1660);
  const list = page('收藏夹', button('人民公园', row, { resourceId: id('item') }));
  const detail = (saved: boolean) =>
    page(
      '人民公园',
      button(saved ? '已收藏' : '收藏', star, { resourceId: id('save') }),
      button('分享', unknown, { resourceId: id('share') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: list, action: tapAt(row) },
      { ui: detail(false), action: tapAt(star), activity: 'DetailActivity' },
      { ui: detail(true), action: null, activity: 'DetailActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  const walk = (path: readonly Action[], inquiries: ReadonlySet<string> = new Set()) => {
    const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS, new AppPages([g], inquiries));
    return path.every((a) => w.act(a).taken !== null) ? w.finish() : { success: false, reason: 'refused' };
  };

  it('saved, then Back: accepted, and the verdict says why', () => {
    const r = walk([tapAt(row), tapAt(star), back]);
    expect(r.success).toBe(true);
    expect(r.reason).toMatch(/nothing after it could undo it/);
  });

  it('saved, then a tap the graph does not know, then Back: judged where it ends (not DONE)', () => {
    expect(walk([tapAt(row), tapAt(star), tapAt(unknown), back, back]).success).toBe(false);
  });

  it('a task that only looks: the look stands after Back, as the phone records it; not after a tap the graph does not know', () => {
    // (Held-out by hand: 明天 viewed, Back, 城市管理, Back; the phone's viewedDay stays 1.)
    expect(walk([tapAt(row), tapAt(star), back], new Set(['t'])).success).toBe(true);
    expect(walk([tapAt(row), tapAt(star)], new Set(['t'])).success).toBe(true);
    expect(walk([tapAt(row), tapAt(star), tapAt(unknown), back, back], new Set(['t'])).success).toBe(false);
  });
});

/**
 * The goal action that edits its page (安装, whose button then says 已安装), done again on another item a free choice
 * opened the same recorded page for (walk-goal-items.ts). Found by held-out set AN: 中国象棋 installed, Back, 老年麻将
 * installed — two games where she asked for one (装个打牌的), which the task's check now counts.
 */
describe('the goal action done again on another item of a free choice', () => {
  const rowAt = (i: number) => b(0, 300 + i * 160, 1080, 450 + i * 160);
  const install = b(40, 620, 1040, 750);
  const games = ['欢乐斗地主', '中国象棋', '老年麻将'];
  const list = page('棋牌游戏', ...games.map((t, i) => button(t, rowAt(i), { resourceId: id('app_listing') })));
  const details = (name: string, installed: boolean) =>
    page(name, button(installed ? '已安装' : '安装', install, { resourceId: id('install') }));
  const g = graphOf([
    demoOf(1, [
      { ui: list, action: tapAt(rowAt(0)), activity: 'CategoryActivity', alternatives: 'any' },
      { ui: details('欢乐斗地主', false), action: tapAt(install), activity: 'DetailsActivity' },
      { ui: details('欢乐斗地主', true), action: null, activity: 'DetailsActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  const pick = (i: number): Action[] => [tapAt(rowAt(i)), tapAt(install)];

  it('one game installed, by any row: accepted; a look at one, Back, another installed: accepted', () => {
    expect(walkPath(g, pick(1)).accepted).toBe(true);
    expect(walkPath(g, [tapAt(rowAt(1)), back, ...pick(2)]).accepted).toBe(true);
  });

  it('one installed, Back, another installed too: not accepted — the goal done twice', () => {
    const twice = walkPath(g, [...pick(1), back, ...pick(2)]);
    expect(twice.accepted).toBe(false);
    expect(twice.reason).toMatch(/goal action again/);
  });

  it('one installed, Back, the same one opened again and its button pressed: accepted (already installed)', () => {
    expect(walkPath(g, [...pick(1), back, ...pick(1)]).accepted).toBe(true);
  });

  // Held-out set AP: the demonstrated game from the list, then another found by a search another demonstration took —
  // a page of the same screen, titled with its own game: the list's row opened a page about an item, so this one is too.
  it("the list's game installed, then another found by search and installed: not accepted; the search route alone: accepted", () => {
    const category = b(40, 200, 540, 320);
    const search = b(540, 200, 1040, 320);
    const home = page(
      '应用商店',
      button('棋牌游戏', category, { resourceId: id('category') }),
      button('搜索', search, { resourceId: id('search') }),
    );
    const results = page('麻将', button('老年麻将', rowAt(0), { resourceId: id('app_listing') }));
    const two = graphOf([
      demoOf(1, [
        { ui: home, action: tapAt(category), activity: 'HomeActivity' },
        { ui: list, action: tapAt(rowAt(0)), activity: 'CategoryActivity', alternatives: 'any' },
        { ui: details('欢乐斗地主', false), action: tapAt(install), activity: 'DetailsActivity' },
        { ui: details('欢乐斗地主', true), action: null, activity: 'DetailsActivity' },
      ]),
      demoOf(2, [
        { ui: home, action: tapAt(search), activity: 'HomeActivity' },
        { ui: results, action: tapAt(rowAt(0)), activity: 'SearchActivity' },
        { ui: details('老年麻将', false), action: tapAt(install), activity: 'DetailsActivity' },
        { ui: details('老年麻将', true), action: null, activity: 'DetailsActivity' },
      ]),
    ]);
    const bySearch: Action[] = [tapAt(search), tapAt(rowAt(0)), tapAt(install)];
    expect(walkPath(two, bySearch).accepted).toBe(true);
    const both = walkPath(two, [tapAt(category), tapAt(rowAt(0)), tapAt(install), back, back, ...bySearch]);
    expect(both.accepted).toBe(false);
    expect(both.reason).toMatch(/goal action again/);
  });
});

/**
 * A message sent, then the same typed into the box the send emptied and sent again: the thread's page is one page before
 * and after a send, so the second 发送 is applied as an edit of it (`page-edit`), which was never "the goal action
 * again" — found by held-out set AO: 周日我准时到 sent twice to the family group, accepted (and passed by the terms alone;
 * the message tasks' checks count one message now).
 */
describe('a message sent twice from the box the first send emptied', () => {
  const box = b(40, 2000, 800, 2150);
  const send = b(820, 2000, 1040, 2150);
  const thread = (typed: string, ...said: string[]) =>
    page(
      '相亲相爱一家人',
      ...said.map((t, i) => text(t, b(200, 300 + i * 160, 1040, 450 + i * 160), { resourceId: id('message') })),
      field(typed, '发消息', box, { resourceId: id('chat_input') }),
      button('发送', send, { resourceId: id('send') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: thread(''), action: tapAt(box) },
      { ui: thread(''), action: { type: 'Type', text: '周日我准时到' } },
      { ui: thread('周日我准时到'), action: tapAt(send) },
      { ui: thread('', '周日我准时到'), action: null },
    ]),
  ]);
  const say = (t: string): Action[] => [tapAt(box), { type: 'Type', text: t }, tapAt(send)];

  it('sent once: accepted; the same sent again: not accepted — the goal action again', () => {
    expect(walkPath(g, say('周日我准时到')).accepted).toBe(true);
    const twice = walkPath(g, [...say('周日我准时到'), ...say('周日我准时到')]);
    expect(twice.accepted).toBe(false);
    expect(twice.reason).toMatch(/goal action again/);
  });
});
