import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/** A page whose rows stand in a list that scrolls (a RecyclerView), under the page's toolbar. */
const listPage = (title: string, rows: readonly [string, Bounds][], ...rest: ReturnType<typeof button>[]) =>
  page(
    title,
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      bounds: b(0, 250, 1080, 2000),
      children: rows.map(([label, bounds]) => button(label, bounds, { resourceId: id('row') })),
    }),
    ...rest,
  );

const back: Action = { type: 'Back' };

/**
 * A tap the graph does not know, then Back: the walk takes the tap to have opened a page no one recorded, which Back
 * leaves. A button may act in place instead (下一首 on the player), and Back then leaves the player itself: the next tap
 * at 暂停's place lands on the library. Where a recorded tap on a control of its shape stayed on the page, the walk does
 * not take Back to return (held-out set U: 7 false accepts).
 */
describe('a tap that may have acted in place, then Back', () => {
  const song = (i: number) => b(0, 300 + i * 200, 1080, 500 + i * 200);
  const library = listPage('歌曲', [
    ['茉莉花', song(0)],
    ['甜蜜蜜', song(1)],
  ]);
  const previous = b(40, 1800, 340, 1950);
  const pause = b(390, 1800, 690, 1950);
  const next = b(740, 1800, 1040, 1950);
  const player = (playing: boolean) =>
    page('播放', button('上一首', previous), button(playing ? '暂停' : '播放', pause), button('下一首', next));
  const g = graphOf([
    demoOf(1, [
      { ui: library, action: tapAt(song(0)) },
      { ui: player(true), action: tapAt(pause), activity: 'PlayerActivity' },
      { ui: player(false), action: null, activity: 'PlayerActivity' },
    ]),
  ]);

  it('下一首 (shaped as 暂停, which a demonstration pressed in place), Back, then 暂停’s place: refused', () => {
    expect(walkPath(g, [tapAt(song(0)), tapAt(pause)]).accepted).toBe(true);
    const path = walkPath(g, [tapAt(song(0)), tapAt(next), back, tapAt(pause)]);
    expect(path.accepted).toBe(false);
    expect(path.reason).toMatch(/acted in place/);
  });

  it('another row of the list (shaped as the row a demonstration opened the player from), Back, then the song: accepted', () => {
    expect(walkPath(g, [tapAt(song(1)), back, tapAt(song(0)), tapAt(pause)]).accepted).toBe(true);
  });
});

/**
 * An item opens its own page wherever it is listed (walk-named.ts) — but not a row of a list whose rows, as recordings
 * show, open pages of another kind: the chat list's 老李 opens the chat with 老李, not the contact card titled 老李 that
 * this task's demonstration reached from the contacts (held-out set U: 8 false accepts, with the share dialog's 孙子).
 */
describe('a label shared by an item’s page and a row of a list that opens other pages', () => {
  const chatRow = (i: number) => b(0, 300 + i * 220, 1080, 520 + i * 220);
  const contactsTab = b(540, 2100, 1080, 2250);
  const chats = listPage(
    '微信',
    [
      ['老李', chatRow(0)],
      ['合唱团', chatRow(1)],
    ],
    button('通讯录', contactsTab),
  );
  const contactRow = b(0, 300, 1080, 420);
  const contacts = listPage('通讯录', [['老李', contactRow]]);
  const like = b(700, 600, 1040, 750);
  const card = (liked: boolean) => page('老李', button(liked ? '已赞' : '赞', like));
  const own = taskGraphOf('like-laoli', [
    demoOf(1, [
      { ui: chats, action: tapAt(contactsTab) },
      { ui: contacts, action: tapAt(contactRow), activity: 'ContactsActivity' },
      { ui: card(false), action: tapAt(like), activity: 'ContactInfoActivity' },
      { ui: card(true), action: null, activity: 'ContactInfoActivity' },
    ]),
  ]);
  const other = taskGraphOf('choir-time', [
    demoOf(2, [
      { ui: chats, action: tapAt(chatRow(1)) },
      { ui: page('合唱团', button('发送', b(800, 1900, 1040, 2000))), action: null, activity: 'ChattingActivity' },
    ]),
  ]);
  const walk = (actions: readonly Action[], others?: readonly TaskGraph[]) => walkPath(own, actions, others).accepted;

  it('the chat list’s 老李, then 赞’s place: refused where another task’s chat row opened a chat', () => {
    expect(walk([tapAt(contactsTab), tapAt(contactRow), tapAt(like)], [other])).toBe(true);
    expect(walk([tapAt(chatRow(0)), tapAt(like)], [other])).toBe(false);
  });

  it('with no recording of what the chat list’s rows open, its 老李 is taken as the item’s own page', () => {
    expect(walk([tapAt(chatRow(0)), tapAt(like)])).toBe(true);
  });
});

/**
 * What a control does, its label tells where a recorded tap of any task pressed a control of that label and stayed on
 * its page: 收藏 bookmarks in place in the news app, and on the photo's page too (held-out sets U and V: a photo's, an
 * article's or a place's 收藏 recorded only on another item's page or in another app, then Back, then the recorded taps).
 */
describe('a label a recorded tap elsewhere pressed in place', () => {
  const photoRow = b(0, 300, 1080, 500);
  const album = listPage('相册', [['生日蛋糕', photoRow]]);
  const share = b(40, 2100, 340, 2250);
  const star = b(390, 2100, 690, 2250);
  const remove = b(740, 2100, 1040, 2250);
  const photo = page('生日蛋糕', button('分享', share), button('收藏', star), button('删除', remove));
  const daughter = b(40, 600, 1040, 750);
  const own = taskGraphOf('share-photo', [
    demoOf(1, [
      { ui: album, action: tapAt(photoRow) },
      { ui: photo, action: tapAt(share), activity: 'PhotoActivity' },
      { ui: page('分享到', button('女儿', daughter)), action: tapAt(daughter), activity: 'ShareActivity' },
      { ui: photo, action: null, activity: 'PhotoActivity' },
    ]),
  ]);
  const save = b(880, 80, 1040, 220);
  const article = (saved: boolean) => page('饭后散步', button(saved ? '已收藏' : '收藏', save));
  const news = taskGraphOf('news-save', [
    demoOf(2, [
      { ui: article(false), action: tapAt(save), activity: 'ArticleActivity', app: 'com.example.news' },
      { ui: article(true), action: null, activity: 'ArticleActivity', app: 'com.example.news' },
    ]),
  ]);
  const walk = (actions: readonly Action[], others?: readonly TaskGraph[]) => walkPath(own, actions, others).accepted;
  const path = [tapAt(photoRow), tapAt(star), back, tapAt(share), tapAt(daughter)];

  it('the photo’s 收藏, Back, then 分享 女儿 at their places: refused where another task’s 收藏 stayed on its page', () => {
    expect(walk([tapAt(photoRow), tapAt(share), tapAt(daughter)], [news])).toBe(true);
    expect(walk(path, [news])).toBe(false);
  });

  it('with no recording of a 收藏, Back is taken to return from the page the tap opened', () => {
    expect(walk(path, [])).toBe(true);
  });
});

/**
 * A one-character label (+, −) tells what a control does within its own app only: the shop's stepper + acts in place,
 * the chat's + opens a menu. Held-out set V: the product's −, Back, then 立即购买's place, where another product's −
 * had been recorded in place.
 */
describe('a one-character label, within its app', () => {
  const minus = b(100, 1700, 300, 1850);
  const plus = b(780, 1700, 980, 1850);
  const buy = b(540, 2100, 1040, 2250);
  const product = (count: string, app: string, title = '老花镜') => ({
    ui: page(title, button('−', minus), button(count, b(400, 1700, 680, 1850)), button('+', plus), button('立即购买', buy)),
    app,
  });
  const own = taskGraphOf('buy-glasses', [
    demoOf(1, [
      { ...product('1', 'com.example.shop'), action: tapAt(buy), activity: 'ProductActivity' },
      { ui: page('确认订单', button('提交订单', buy)), action: null, activity: 'CheckoutActivity', app: 'com.example.shop' },
    ]),
  ]);
  const stepper = (app: string) =>
    taskGraphOf('milk-two', [
      demoOf(2, [
        { ...product('2', app, '牛奶'), action: tapAt(minus), activity: 'ProductActivity' },
        { ...product('1', app, '牛奶'), action: null, activity: 'ProductActivity' },
      ]),
    ]);
  const walk = (actions: readonly Action[], others: readonly TaskGraph[]) => walkPath(own, actions, others).accepted;

  it('−, Back, then 立即购买’s place: refused where the same app’s − was recorded in place, not where another app’s was', () => {
    const path = [tapAt(minus), back, tapAt(buy)];
    expect(walk(path, [stepper('com.example.shop')])).toBe(false);
    expect(walk(path, [stepper('com.example.other')])).toBe(true);
  });
});
