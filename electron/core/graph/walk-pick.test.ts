import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tabs, tapAt, text, ui } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { DEFAULT_MATCH_OPTIONS } from './match.js';
import { GraphWalker } from './walk.js';

/** A dialog listing `options` as checkable rows at `optionAt(i)`, `checked` the one checked (a text-size dialog). */
const checkedDialog = (options: readonly string[], optionAt: (i: number) => ReturnType<typeof b>, checked: string) =>
  page(
    '',
    n({
      className: 'android.widget.ListView',
      resourceId: id('select_dialog_listview'),
      bounds: b(60, 900, 1020, 1500),
      children: options.map((s, i) =>
        n({
          className: 'android.widget.CheckedTextView',
          text: s,
          clickable: true,
          checkable: true,
          checked: s === checked,
          resourceId: 'android:id/text1',
          bounds: optionAt(i),
        }),
      ),
    }),
  );

/**
 * A picker whose value no screen shows: the browser's text-size dialog, opened from the article's toolbar, closes
 * back to the article on the option tapped. Demonstrations chose 150% and 200%. Another size first, then the picker
 * opened again and a demonstrated size chosen, is accepted (a larger font first, then the asked one); another size
 * left as it is is not, nor is a dialog whose option leads on to another page.
 */
describe('another option of a picker whose value no screen shows', () => {
  const sizes = ['100%', '125%', '150%', '200%'];
  const optionAt = (i: number) => b(60, 900 + i * 150, 1020, 1050 + i * 150);
  const menu = b(860, 100, 1040, 220);
  const article = page('今年养老金上调', button('文字大小', menu, { resourceId: id('zoom') }), text('正文', b(40, 400, 1040, 800)));
  const dialog = checkedDialog(sizes, optionAt, sizes[0]!);
  const g = graphOf([
    demoOf(1, [
      { ui: article, action: tapAt(menu) },
      { ui: dialog, action: tapAt(optionAt(2)), activity: 'DialogActivity' },
      { ui: article, action: null },
    ]),
    demoOf(2, [
      { ui: article, action: tapAt(menu) },
      { ui: dialog, action: tapAt(optionAt(3)), activity: 'DialogActivity' },
      { ui: article, action: null },
    ]),
  ]);
  const open = tapAt(menu);
  const size = (i: number): Action => tapAt(optionAt(i));

  it('as demonstrated: accepted', () => {
    expect(walkPath(g, [open, size(2)]).accepted).toBe(true);
  });

  it('125% first, then the picker again and 150%: accepted', () => {
    const r = walkPath(g, [open, size(1), open, size(2)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('150% first, then 100%: not accepted (the last size is one no demonstration chose)', () => {
    const r = walkPath(g, [open, size(2), open, size(0)]);
    expect(r.reason).toMatch(/no demonstration chose/);
    expect(r.accepted).toBe(false);
  });

  it('125% left as it is: not accepted', () => {
    expect(walkPath(g, [open, size(1)]).accepted).toBe(false);
  });

  it('another button of the toolbar that opened the picker is not an option of it', () => {
    const bookmark = b(933, 84, 1059, 210);
    const zoom = b(807, 84, 933, 210);
    const icon = (desc: string, bounds: ReturnType<typeof b>, rid: string) =>
      n({ className: 'android.widget.ImageButton', contentDesc: desc, clickable: true, resourceId: id(rid), bounds });
    const withBar = ui(
      n({
        bounds: b(0, 0, 1080, 2400),
        children: [
          n({
            resourceId: id('toolbar'),
            className: 'android.view.ViewGroup',
            bounds: b(0, 63, 1080, 231),
            children: [
              icon('转到上一层级', b(0, 63, 147, 231), 'up'),
              text('今年养老金上调', b(168, 108, 786, 186)),
              icon('收藏网页', bookmark, 'bookmark'),
              icon('文字大小', zoom, 'zoom'),
            ],
          }),
          text('正文', b(40, 400, 1040, 800)),
        ],
      }),
    );
    const tb = graphOf([
      demoOf(1, [
        { ui: withBar, action: tapAt(zoom) },
        { ui: dialog, action: tapAt(optionAt(2)), activity: 'DialogActivity' },
        { ui: withBar, action: null },
      ]),
    ]);
    expect(tb.edges[0]!.group?.length).toBeGreaterThan(1);
    const w = new GraphWalker(tb, DEFAULT_MATCH_OPTIONS);
    expect(w.act(tapAt(bookmark)).taken?.how).not.toBe('other-pick');
  });

  it('a plain list of targets (share to 女儿, 儿子 …: nothing checkable) is not a picker: each tap does something', () => {
    const targets = ['女儿', '儿子', '老伴', '孙子'];
    const share = page(
      '',
      n({
        className: 'android.widget.ListView',
        bounds: b(60, 900, 1020, 1500),
        children: targets.map((t, i) =>
          n({ className: 'android.widget.CheckedTextView', text: t, clickable: true, resourceId: 'android:id/text1', bounds: optionAt(i) }),
        ),
      }),
    );
    const sg = graphOf([
      demoOf(1, [
        { ui: article, action: tapAt(menu) },
        { ui: share, action: tapAt(optionAt(0)), activity: 'DialogActivity' },
        { ui: article, action: null },
      ]),
    ]);
    expect(walkPath(sg, [open, size(0)]).accepted).toBe(true);
    // Shared with 儿子 first, then with 女儿: both have it, which the task did not ask.
    expect(walkPath(sg, [open, size(1), open, size(0)]).accepted).toBe(false);
  });

  it('an option that leads on to another page (a contact to call) is not a picker', () => {
    const call = (who: string) => page(`正在呼叫 ${who}`, button('挂断', b(400, 2000, 680, 2150)));
    const dial = graphOf([
      demoOf(1, [
        { ui: article, action: tapAt(menu) },
        { ui: dialog, action: tapAt(optionAt(2)), activity: 'DialogActivity' },
        { ui: call('150%'), action: null, activity: 'CallActivity' },
      ]),
    ]);
    expect(walkPath(dial, [open, size(1)]).accepted).toBe(false);
    expect(walkPath(dial, [open, size(1), open, size(2)]).accepted).toBe(false);
  });
});

/**
 * The same item listed twice: the music app's daily pick and its song list both show 甜蜜蜜 (another resource id).
 * A demonstration played the daily pick; the song in the list plays the same song. Another song does not, and two
 * rows of one kind with one label (two contacts named 王丽) may be two people: neither is taken for the other.
 */
describe('the same item listed twice in one group', () => {
  const rowAt = (i: number) => b(0, 400 + i * 190, 1080, 590 + i * 190);
  const songRow = (title: string, i: number, rid: string) =>
    n({
      className: 'android.widget.LinearLayout',
      clickable: true,
      resourceId: id(rid),
      bounds: rowAt(i),
      children: [text(title, b(40, 420 + i * 190, 900, 570 + i * 190))],
    });
  const list = (...rows: [string, string][]) =>
    page(
      '音乐',
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 400, 1080, 400 + rows.length * 190),
        children: rows.map(([t, rid], i) => songRow(t, i, rid)),
      }),
    );
  const player = page('正在播放', button('暂停', b(440, 1800, 640, 1950)));
  const songs = list(['甜蜜蜜', 'daily_pick'], ['月亮代表我的心', 'song'], ['甜蜜蜜', 'song']);
  const g = graphOf([
    demoOf(1, [
      { ui: songs, action: tapAt(rowAt(0)) },
      { ui: player, action: null, activity: 'PlayerActivity' },
    ]),
  ]);

  it('甜蜜蜜 in the list, where the demonstration played the daily pick: accepted', () => {
    const r = walkPath(g, [tapAt(rowAt(2))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('another song: not accepted', () => {
    expect(walkPath(g, [tapAt(rowAt(1))]).accepted).toBe(false);
  });

  it('two rows of one kind with one label: not taken for each other', () => {
    const contacts = list(['王丽', 'contact'], ['李强', 'contact'], ['王丽', 'contact']);
    const call = graphOf([
      demoOf(1, [
        { ui: contacts, action: tapAt(rowAt(0)) },
        { ui: player, action: null, activity: 'CallActivity' },
      ]),
    ]);
    expect(walkPath(call, [tapAt(rowAt(2))]).accepted).toBe(false);
  });
});

/**
 * An item of a free choice listed under another tab: a demonstration opened the news app's 健康 tab and read one of
 * its articles, marked "any article of the list". The 推荐 tab lists some of those articles too; one of them read
 * from there is an article of the list the demonstration chose from. A headline the 健康 list does not show is not,
 * nor is an article the mark left out, nor any article when nothing was marked.
 */
describe('an item of a free choice, listed under another tab of the page', () => {
  const rowAt = (i: number) => b(0, 400 + i * 190, 1080, 590 + i * 190);
  const headline = (title: string, i: number) =>
    n({
      className: 'android.widget.LinearLayout',
      clickable: true,
      resourceId: id('headline'),
      bounds: rowAt(i),
      children: [text(title, b(40, 420 + i * 190, 900, 570 + i * 190))],
    });
  const news = (tab: string, titles: string[]) =>
    page(
      '新闻',
      tabs(['推荐', '健康'], tab, 231, { resourceId: id('categories'), scrollable: true }),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 400, 1080, 400 + titles.length * 190),
        children: titles.map((t, i) => headline(t, i)),
      }),
    );
  const recommended = news('推荐', ['停水通知', '护眼的五种食物', '广场舞大赛开幕', '饭后散步']);
  const health = news('健康', ['饭后散步', '护眼的五种食物', '秋季养生']);
  const article = page('健康', button('收藏', b(860, 100, 1040, 220)));
  const healthTab = b(540, 231, 1080, 381);
  const graphMarked = (alternatives: 'any' | string[] | undefined) =>
    graphOf([
      demoOf(1, [
        { ui: recommended, action: tapAt(healthTab) },
        { ui: health, action: tapAt(rowAt(0)), ...(alternatives ? { alternatives } : {}) },
        { ui: article, action: null, activity: 'ArticleActivity' },
      ]),
    ]);

  it('as demonstrated, and another article of the 健康 list there: accepted', () => {
    expect(walkPath(graphMarked('any'), [tapAt(healthTab), tapAt(rowAt(2))]).accepted).toBe(true);
  });

  it('护眼的五种食物 read from 推荐, where the 健康 list shows it too: accepted', () => {
    const r = walkPath(graphMarked('any'), [tapAt(rowAt(1))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('a headline under 推荐 the 健康 list does not show: not accepted', () => {
    expect(walkPath(graphMarked('any'), [tapAt(rowAt(2))]).accepted).toBe(false);
  });

  it("a choice that left the list as it was (the text size) is the path's own: 大 not chosen, not accepted", () => {
    // A text-size strip above the tabs; the demonstration chose 大, then 健康, then an article.
    const top = 160;
    const row = (i: number) => b(0, 400 + top + i * 190, 1080, 590 + top + i * 190);
    // The strip sits in the toolbar, apart from the tabs and their list.
    const sized = (tab: string, size: string, titles: string[]) =>
      ui(
        n({
          children: [
            n({
              resourceId: id('toolbar'),
              className: 'android.view.ViewGroup',
              bounds: b(0, 80, 1080, 400),
              children: [
                n({ className: 'android.widget.TextView', text: '新闻', bounds: b(40, 120, 800, 200) }),
                tabs(['标准', '大'], size, 240, { resourceId: id('sizes'), scrollable: true }),
              ],
            }),
            n({
              resourceId: 'android:id/content',
              bounds: b(0, 400, 1080, 2300),
              children: [
                tabs(['推荐', '健康'], tab, 231 + top, { resourceId: id('categories'), scrollable: true }),
                n({
                  className: 'android.widget.LinearLayout',
                  bounds: b(0, 400 + top, 1080, 400 + top + titles.length * 190),
                  children: titles.map((t, i) =>
                    n({
                      className: 'android.widget.LinearLayout',
                      clickable: true,
                      resourceId: id('headline'),
                      bounds: row(i),
                      children: [text(t, b(40, 420 + top + i * 190, 900, 570 + top + i * 190))],
                    }),
                  ),
                }),
              ],
            }),
          ],
        }),
      );
    const big = b(540, 240, 1080, 390);
    const healthHere = b(540, 231 + top, 1080, 381 + top);
    const recommendedTitles = ['停水通知', '护眼的五种食物', '广场舞大赛开幕'];
    const g = graphOf([
      demoOf(1, [
        { ui: sized('推荐', '标准', recommendedTitles), action: tapAt(big) },
        { ui: sized('推荐', '大', recommendedTitles), action: tapAt(healthHere) },
        { ui: sized('健康', '大', ['饭后散步', '护眼的五种食物', '秋季养生']), action: tapAt(row(0)), alternatives: 'any' },
        { ui: article, action: null, activity: 'ArticleActivity' },
      ]),
    ]);
    const ok = walkPath(g, [tapAt(big), tapAt(row(1))]);
    expect(ok.reason + JSON.stringify([...ok.walker.record])).toMatch(/reached DONE/);
    expect(ok.reason).toMatch(/reached DONE/);
    const r = walkPath(g, [tapAt(row(1))]);
    expect(r.reason).toMatch(/should be "大"/);
    expect(r.accepted).toBe(false);
  });

  it('under a category no recorded screen shows selected (本地), a row is not read by its label: not accepted', () => {
    // The list then is 本地's, which no demonstration saw: the recorded screen's 护眼的五种食物 is not what lies there.
    const three = (tab: string, titles: string[]) =>
      page(
        '新闻',
        tabs(['推荐', '本地', '健康'], tab, 231, { resourceId: id('categories'), scrollable: true }),
        n({
          className: 'androidx.recyclerview.widget.RecyclerView',
          scrollable: true,
          bounds: b(0, 400, 1080, 2300),
          children: titles.map((t, i) => headline(t, i)),
        }),
      );
    const local = b(360, 231, 720, 381);
    const health3 = b(720, 231, 1080, 381);
    const g = graphOf([
      demoOf(1, [
        { ui: three('推荐', ['停水通知', '护眼的五种食物', '广场舞大赛开幕']), action: tapAt(health3) },
        { ui: three('健康', ['饭后散步', '护眼的五种食物', '秋季养生']), action: tapAt(rowAt(0)), alternatives: 'any' },
        { ui: article, action: null, activity: 'ArticleActivity' },
      ]),
    ]);
    expect(walkPath(g, [tapAt(rowAt(1))]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(local), tapAt(health3), tapAt(rowAt(1))]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(local), tapAt(rowAt(1))]).accepted).toBe(false);
  });

  it('an article the mark left out, or any when the tap was not marked: not accepted', () => {
    expect(walkPath(graphMarked(['饭后散步', '秋季养生']), [tapAt(rowAt(1))]).accepted).toBe(false);
    expect(walkPath(graphMarked(undefined), [tapAt(rowAt(1))]).accepted).toBe(false);
  });
});

/**
 * A settings page whose size options show the chosen one selected (the news app's 字体大小 row): the
 * demonstration tapped 大 on it. Another size first, then 大, ends where the demonstration did — the recorded
 * screen still shows 大 selected, but the path chose 小 since, so a tap on 大 is no tap on what is selected already.
 */
describe('options that show the chosen one selected, another chosen first', () => {
  const sizes = ['小', '标准', '大', '超大'];
  const optionAt = (i: number) => b(40 + i * 250, 600, 270 + i * 250, 720);
  const settings = (chosen: string) =>
    page('设置', ...sizes.map((s, i) => button(s, optionAt(i), { resourceId: id('size'), selected: s === chosen })));
  const g = graphOf([
    demoOf(1, [
      { ui: settings('标准'), action: tapAt(optionAt(2)) },
      { ui: settings('大'), action: null },
    ]),
  ]);

  it('小, then 大: accepted', () => {
    const r = walkPath(g, [tapAt(optionAt(0)), tapAt(optionAt(2))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('大, then 小: not accepted', () => {
    expect(walkPath(g, [tapAt(optionAt(2)), tapAt(optionAt(0))]).accepted).toBe(false);
  });

  it('大, then 大 again: accepted (what the screen shows selected, tapped again, changes nothing)', () => {
    expect(walkPath(g, [tapAt(optionAt(2)), tapAt(optionAt(2))]).accepted).toBe(true);
  });
});

describe("a goal action's sibling of the same kind acts: no look at another page", () => {
  // The contact's page: 发消息, 语音通话, 视频通话 in one column; the demonstration placed the video call.
  const send = b(40, 600, 1040, 740);
  const voice = b(40, 780, 320, 900);
  const video = b(40, 950, 320, 1070);
  const contact = page(
    '儿子建国',
    n({
      className: 'android.widget.LinearLayout',
      bounds: b(0, 580, 1080, 1100),
      children: [
        button('发消息', send, { resourceId: id('send_message') }),
        button('语音通话', voice, { resourceId: id('voice_call') }),
        button('视频通话', video, { resourceId: id('video_call') }),
      ],
    }),
  );
  const calling = page('视频通话中', button('挂断', b(340, 1900, 740, 2050)));
  const g = graphOf([
    demoOf(1, [
      { ui: contact, action: tapAt(video) },
      { ui: calling, action: null, activity: 'CallActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };

  it('the voice call placed first, Back, then the video call: not accepted (two calls placed)', () => {
    const r = walkPath(g, [tapAt(voice), back, tapAt(video)]);
    expect(r.accepted).toBe(false);
    expect(r.reason).toMatch(/语音通话/);
  });

  it('发消息 opened first, Back, then the video call: accepted (a look at the chat)', () => {
    expect(walkPath(g, [tapAt(send), back, tapAt(video)]).accepted).toBe(true);
  });
});

describe('another target of the dialog list the goal action chose from acts: no look at another page', () => {
  // The photo's 分享 opens a dialog listing whom to share with (one resource id); the demonstration shared to 女儿, which
  // closed the dialog. 儿子 tapped there shares the photo to him and closes it too (found by hand set G).
  const share = b(40, 2150, 360, 2300);
  const rowAt = (i: number) => b(63, 882 + i * 147, 1017, 1029 + i * 147);
  const cancel = b(744, 1502, 975, 1628);
  const photo = page('生日蛋糕 1', button('分享', share, { resourceId: id('share') }));
  // The dialog's window alone, as a phone dumps it: smaller than the screen.
  const dialog = ui(
    n({
      className: 'android.widget.FrameLayout',
      bounds: b(63, 720, 1017, 1680),
      children: [
        text('分享到', b(126, 783, 500, 861), { resourceId: 'android:id/alertTitle' }),
        n({
          className: 'android.widget.ListView',
          bounds: b(63, 882, 1017, 1470),
          children: ['女儿', '儿子', '老伴', '孙子'].map((who, i) =>
            n({
              className: 'android.widget.CheckedTextView',
              resourceId: 'android:id/text1',
              text: who,
              clickable: true,
              bounds: rowAt(i),
            }),
          ),
        }),
        button('取消', cancel, { resourceId: 'android:id/button2' }),
      ],
    }),
  );
  const g = graphOf([
    demoOf(1, [
      { ui: photo, action: tapAt(share), activity: 'PhotoActivity' },
      { ui: dialog, action: tapAt(rowAt(0)), activity: 'PhotoActivity' },
      { ui: photo, action: null, activity: 'PhotoActivity' },
    ]),
  ]);

  it('儿子 tapped in the dialog: refused (it shares, which no Back takes back)', () => {
    const r = walkPath(g, [tapAt(share), tapAt(rowAt(1))]);
    expect(r.accepted).toBe(false);
    expect(r.reason).toMatch(/儿子/);
    expect(walkPath(g, [tapAt(share), tapAt(rowAt(1)), { type: 'Back' }, tapAt(share), tapAt(rowAt(0))]).accepted).toBe(false);
  });

  it('the dialog closed by 取消, or by a tap outside it, opened again, 女儿: accepted', () => {
    expect(walkPath(g, [tapAt(share), tapAt(cancel), tapAt(share), tapAt(rowAt(0))]).accepted).toBe(true);
    const outside = b(40, 300, 1040, 500);
    const r = walkPath(g, [tapAt(share), tapAt(outside), tapAt(share), tapAt(rowAt(0))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it("a tap on the dialog's title does nothing: 女儿 after it shares; Back after it closes the dialog, and 女儿's place is the photo", () => {
    const title = b(126, 783, 500, 861);
    expect(walkPath(g, [tapAt(share), tapAt(title), tapAt(rowAt(0))]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(share), tapAt(title), { type: 'Back' }, tapAt(rowAt(0))]).accepted).toBe(false);
  });

  it('a tap inside the dialog on nothing (its title) does not close it', () => {
    expect(walkPath(g, [tapAt(share), tapAt(b(126, 783, 500, 861)), tapAt(share), tapAt(rowAt(0))]).accepted).toBe(false);
  });
});

describe("an item of a scrolling list beside the goal's item is a look, though it shares the query's words", () => {
  const rowAt = (i: number) => b(0, 420 + i * 190, 1080, 610 + i * 190);
  const titles = ['高血压不能吃什么？医生列了这几样', '在家怎么正确量血压', '高血压不能吃什么 - 网友问答 1'];
  const results = page(
    '搜索结果',
    n({
      className: 'android.widget.ScrollView',
      scrollable: true,
      bounds: b(0, 400, 1080, 2270),
      children: [
        n({
          className: 'android.widget.LinearLayout',
          bounds: b(0, 400, 1080, 1000),
          children: titles.map((t, i) => button(t, rowAt(i), { resourceId: id('result') })),
        }),
      ],
    }),
  );
  const article = page(titles[0]!, text('正文', b(40, 400, 1040, 800)));
  const g = graphOf([
    demoOf(1, [
      { ui: results, action: tapAt(rowAt(0)) },
      { ui: article, action: null, activity: 'ArticleActivity' },
    ]),
  ]);

  it('another result opened, Back, then the asked one: accepted', () => {
    const r = walkPath(g, [tapAt(rowAt(1)), { type: 'Back' }, tapAt(rowAt(0))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });
});

/**
 * The value a picker shows, tapped again: the weather's city list (an activity of its own, opened from the main page,
 * titled by the city shown) lists the city shown selected at its top. A demonstration picked 上海 there and read
 * tomorrow's weather; another read it for 南京 at once. Tapping 南京, the city shown, closes the list back to the main
 * page with nothing changed (on a phone as on any pick), so tomorrow's weather is one tap on. With the picker's value
 * changed by the path (上海 picked), 南京 is a pick like any other: where it leads, no demonstration saw.
 */
describe('the value a picker shows, tapped again', () => {
  const menu = b(860, 100, 1040, 220);
  const tomorrow = b(40, 900, 500, 1000);
  const row = (i: number) => b(0, 300 + i * 150, 1080, 450 + i * 150);
  const main = (city: string) =>
    page(city, button('城市管理', menu, { resourceId: id('cities') }), button('明天', tomorrow, { resourceId: id('tomorrow') }));
  const cities = page(
    '城市管理',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('recycler_view'),
      bounds: b(0, 300, 1080, 1200),
      children: ['南京', '北京', '上海', '广州'].map((c, i) =>
        n({
          className: 'android.widget.TextView',
          text: c,
          clickable: true,
          selected: i === 0,
          resourceId: id(i === 0 ? 'saved_city' : 'city_row'),
          bounds: row(i),
        }),
      ),
    }),
  );
  const forecast = (city: string) => page(`${city} 明天`, text('小雨', b(40, 400, 1040, 600)));
  const g = graphOf([
    demoOf(1, [
      { ui: main('南京'), action: tapAt(menu) },
      { ui: cities, action: tapAt(row(2)), activity: 'CitiesActivity' },
      { ui: main('上海'), action: tapAt(tomorrow) },
      { ui: forecast('上海'), action: null, activity: 'ForecastActivity' },
    ]),
    demoOf(2, [
      { ui: main('南京'), action: tapAt(tomorrow) },
      { ui: forecast('南京'), action: null, activity: 'ForecastActivity' },
    ]),
  ]);

  it('南京, the city shown, tapped: the list closes, nothing changed, and 明天 is accepted', () => {
    const r = walkPath(g, [tapAt(menu), tapAt(row(0)), tapAt(tomorrow)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('南京 alone: the main page again, not accepted', () => {
    expect(walkPath(g, [tapAt(menu), tapAt(row(0))]).accepted).toBe(false);
  });

  it('上海 picked, the list opened again and 南京 tapped: no longer the value it shows, not taken as a look', () => {
    const r = walkPath(g, [tapAt(menu), tapAt(row(2)), tapAt(menu), tapAt(row(0)), tapAt(tomorrow)]);
    expect(r.accepted).toBe(false);
  });
});

/**
 * A row shown selected in a list, tapped: a tab or a segment of a bar stays as it is, but a list's row is chosen again
 * — the weather's current city closes its list on the phone — unless a recorded tap on the list's rows kept the page (a
 * font size chosen among rows). Found by hand: the walk stayed on the city list and read the next taps there.
 */
describe('a selected row of a list, tapped', () => {
  const menu = b(860, 100, 1040, 220);
  const search = b(40, 250, 1040, 400);
  const row = (i: number) => b(0, 450 + i * 150, 1080, 600 + i * 150);
  const list = (labels: string[], title: string) =>
    page(
      title,
      field('', '搜索城市', search, { resourceId: id('city_search') }),
      n({
        className: 'androidx.recyclerview.widget.RecyclerView',
        resourceId: id('recycler_view'),
        bounds: b(0, 450, 1080, 2000),
        children: labels.map((c, i) =>
          n({ className: 'android.widget.TextView', text: c, clickable: true, selected: i === 0, resourceId: id('row'), bounds: row(i) }),
        ),
      }),
    );
  const main = page('南京', button('城市管理', menu, { resourceId: id('cities') }));
  const cityList = graphOf([
    demoOf(1, [
      { ui: main, action: tapAt(menu) },
      { ui: list(['南京', '北京', '上海'], '城市管理'), action: tapAt(search), activity: 'CitiesActivity' },
      { ui: list(['南京', '北京', '上海'], '城市管理'), action: null, activity: 'CitiesActivity' },
    ]),
  ]);
  const sizes = graphOf([
    demoOf(1, [
      { ui: list(['标准', '大', '超大'], '字体大小'), action: tapAt(row(2)) },
      { ui: list(['超大', '标准', '大'], '字体大小'), action: null },
    ]),
  ]);

  it('the current city: not a tap that changes nothing (no recorded tap on the list kept the page)', () => {
    const w = new GraphWalker(cityList, DEFAULT_MATCH_OPTIONS);
    expect(w.act(tapAt(menu)).taken).not.toBeNull();
    expect(w.act(tapAt(row(0))).taken?.how).not.toBe('still');
  });

  it('the font size shown selected, where a recorded size kept the page: nothing changes', () => {
    const w = new GraphWalker(sizes, DEFAULT_MATCH_OPTIONS);
    expect(w.act(tapAt(row(0))).taken?.how).toBe('still');
  });
});

/**
 * One setting two pages show: the news app's text size, chosen among 小 / 标准 / 大 / 超大 in 设置 (each shown selected)
 * and in an article's 字体大小 dialog (the checked one). The dialog's recording checks 标准, the size before any choice;
 * after the path chose 大 in 设置, 标准 tapped there sets the size back (held-out set R: read as the recorded value
 * tapped again, closing the dialog, and the goal done in 设置 kept).
 */
describe('the value a picker shows, after the path set it on another page', () => {
  const sizes = ['小', '标准', '大', '超大'];
  const gear = b(860, 100, 1040, 220);
  const story = b(0, 400, 1080, 600);
  const menu = b(860, 100, 1040, 220);
  const inSettings = (i: number) => b(40 + i * 250, 600, 270 + i * 250, 720);
  const inDialog = (i: number) => b(60, 900 + i * 150, 1020, 1050 + i * 150);
  const home = page('新闻', button('设置', gear, { resourceId: id('settings') }), button('饭后散步', story, { resourceId: id('story') }));
  const settings = (chosen: string) =>
    page('设置', ...sizes.map((s, i) => button(s, inSettings(i), { resourceId: id('size'), selected: s === chosen })));
  const article = page('饭后散步', button('字体大小', menu, { resourceId: id('font') }), text('正文', b(40, 700, 1040, 900)));
  const dialog = checkedDialog(sizes, inDialog, '标准');
  const g = graphOf([
    demoOf(1, [
      { ui: home, action: tapAt(gear) },
      { ui: settings('标准'), action: tapAt(inSettings(2)), activity: 'SettingsActivity' },
      { ui: settings('大'), action: null, activity: 'SettingsActivity' },
    ]),
    demoOf(2, [
      { ui: home, action: tapAt(story) },
      { ui: article, action: tapAt(menu), activity: 'ArticleActivity' },
      { ui: dialog, action: tapAt(inDialog(3)), activity: 'DialogActivity' },
      { ui: article, action: null, activity: 'ArticleActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };

  it('大 in 设置, then 标准 in the article’s dialog: the size set back, not accepted', () => {
    const r = walkPath(g, [tapAt(gear), tapAt(inSettings(2)), back, tapAt(story), tapAt(menu), tapAt(inDialog(1))]);
    expect(r.accepted).toBe(false);
  });

  it('标准 in the dialog before any size was chosen: the value it shows, it closes; then 超大 there is accepted', () => {
    const r = walkPath(g, [tapAt(story), tapAt(menu), tapAt(inDialog(1)), tapAt(menu), tapAt(inDialog(3))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });
});
