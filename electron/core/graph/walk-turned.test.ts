import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';
import { pageModel } from './page-model.js';
import { turnedBy } from './walk-turned.js';

/**
 * A control that turns in place (收藏网页 → 已收藏) is a toggle: pressed, the page stays with its own state changed;
 * pressed again at once, it turns back and the page stands as it stood, the goal too. No demonstration of this task
 * pressed it; another task's recording of the same screen showing another article did, and shows it turn
 * (exploration: 收藏网页, 已收藏, then 文字大小 and 150% was refused; the phone's bookmark is a toggle, as real
 * browsers' are).
 */
describe('a control that turns in place, pressed again', () => {
  const bookmark = b(800, 300, 1040, 420);
  const zoom = b(40, 300, 300, 420);
  const size150 = b(40, 600, 1040, 750);
  const article = (title: string, marked = false, zoomed = false) =>
    page(
      title,
      // Ids, as the app's buttons have: the label of a control with an id tells its page's states apart.
      button(marked ? '已收藏' : '收藏网页', bookmark, { resourceId: id('bookmark') }),
      button('文字大小', zoom, { resourceId: id('zoom') }),
      text(zoomed ? '正文 150%' : '正文', b(40, 500, 1040, 1500)),
    );
  const sizes = () => page('文字大小', button('100%', b(40, 450, 1040, 600)), button('150%', size150));
  const own = taskGraphOf('text-zoom', [
    demoOf(1, [
      { ui: article('养老金'), action: tapAt(zoom) },
      { ui: sizes(), action: tapAt(size150), activity: 'ZoomActivity' },
      { ui: article('养老金', false, true), action: null },
    ]),
  ]);
  const keep = taskGraphOf('bookmark-this', [
    demoOf(2, [
      { ui: article('防诈骗'), action: tapAt(bookmark) },
      { ui: article('防诈骗', true), action: null },
    ]),
  ]);
  const walk = (actions: readonly Action[], others: readonly TaskGraph[] = [keep]): boolean => walkPath(own, actions, others).accepted;

  it('turned and turned back, then the task: accepted', () => {
    expect(walk([tapAt(zoom), tapAt(size150)])).toBe(true);
    expect(walk([tapAt(bookmark), tapAt(bookmark), tapAt(zoom), tapAt(size150)])).toBe(true);
  });

  it('after the goal, turned and turned back: accepted; left turned, or pressed three times: not', () => {
    expect(walk([tapAt(zoom), tapAt(size150), tapAt(bookmark), tapAt(bookmark)])).toBe(true);
    expect(walk([tapAt(zoom), tapAt(size150), tapAt(bookmark)])).toBe(false);
    expect(walk([tapAt(zoom), tapAt(size150), tapAt(bookmark), tapAt(bookmark), tapAt(bookmark)])).toBe(false);
    // The goal standing after moves that cannot act (the sizes looked at again, Back), then turned and turned back.
    const back: Action = { type: 'Back' };
    expect(walk([tapAt(zoom), tapAt(size150), tapAt(zoom), back, tapAt(bookmark), tapAt(bookmark)])).toBe(true);
    expect(walk([tapAt(zoom), tapAt(size150), tapAt(zoom), back, tapAt(bookmark)])).toBe(false);
  });

  it('left turned, or pressed three times, then the task: accepted (a change the task does not look at, as a switch no demonstration moved)', () => {
    expect(walk([tapAt(bookmark), tapAt(zoom), tapAt(size150)])).toBe(true);
    expect(walk([tapAt(bookmark), tapAt(bookmark), tapAt(bookmark), tapAt(zoom), tapAt(size150)])).toBe(true);
  });

  it('where no recording shows the control turn, what a press does is not known', () => {
    expect(walk([tapAt(bookmark), tapAt(bookmark), tapAt(zoom), tapAt(size150)], [])).toBe(false);
    expect(walk([tapAt(bookmark), tapAt(zoom), tapAt(size150)], [])).toBe(false);
  });

  it('a list that moved up under the finger, or a button that adds, is no turn', () => {
    const first = b(800, 400, 1040, 520);
    const second = b(800, 550, 1040, 670);
    const updates = (...apps: string[]) =>
      page('应用更新', ...apps.map((a, i) => button(`更新${a}`, i === 0 ? first : second, { resourceId: id(`update${i}`) })));
    const list = graphOf([
      demoOf(3, [
        { ui: updates('天气通', '收音机'), action: tapAt(first) },
        { ui: updates('收音机'), action: null },
      ]),
    ]);
    const moved = list.edges.find((e) => e.action.type === 'Tap')!;
    // Two states of one page, told apart (else there is nothing to compare).
    expect(moved.from).not.toBe(moved.to);
    expect(turnedBy(pageModel(list), moved)).toBe(null);
    const cart = b(800, 100, 1040, 200);
    const add = b(40, 2000, 1040, 2150);
    const product = (n: number) =>
      page(
        '老花镜',
        button(n === 0 ? '购物车' : `购物车 ${n} 件`, cart, { resourceId: id('cart') }),
        button('加入购物车', add, { resourceId: id('add') }),
      );
    const shop = graphOf([
      demoOf(4, [
        { ui: product(0), action: tapAt(add) },
        { ui: product(1), action: null },
      ]),
    ]);
    const added = shop.edges.find((e) => e.action.type === 'Tap')!;
    expect(added.from).not.toBe(added.to);
    expect(turnedBy(pageModel(shop), added)).toBe(null);
    expect(
      turnedBy(
        pageModel(keep),
        keep.edges.find((e) => e.action.type === 'Tap')!,
      ),
    ).toMatchObject({ before: '收藏网页', after: '已收藏' });
  });
});
