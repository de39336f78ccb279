import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { plainQuery } from './content.js';

/**
 * A search box lists what contains its query (an app's own catalogue: the sample apps' search), so a query longer than
 * the demonstration's — 哈尔滨市 for 哈尔滨 — lists fewer, maybe nothing: it is no recorded search, and a row tapped where
 * the recorded results were is not known to be there (found by hand: 15 false accepts). A search that finds by words
 * (a web search, whose results share words with the query without containing it) lists for a longer query what it
 * listed. (Through the CLI: test/fixtures/offline-kinds, "a longer search query".)
 */
describe('another search query than the demonstration’s', () => {
  const box = b(40, 250, 1040, 400);
  const row = (i: number) => b(0, 450 + i * 150, 1080, 600 + i * 150);
  const results = (query: string, labels: string[]) =>
    page(
      '搜索',
      field(query, '搜索', box, { resourceId: id('search') }),
      n({
        className: 'androidx.recyclerview.widget.RecyclerView',
        resourceId: id('results'),
        bounds: b(0, 450, 1080, 2000),
        children: labels.map((l, i) => button(l, row(i), { resourceId: id('row') })),
      }),
    );
  const done = page('结果', button('完成', b(40, 300, 1040, 450)));
  const searchFor = (query: string, labels: string[]) =>
    graphOf([
      demoOf(1, [
        { ui: results('', []), action: tapAt(box) },
        { ui: results('', []), action: { type: 'Type', text: query } },
        { ui: results(query, labels), action: tapAt(row(0)) },
        { ui: done, action: null, activity: 'DoneActivity' },
      ]),
    ]);
  const typed = (text: string): Action[] => [tapAt(box), { type: 'Type', text }, tapAt(row(0))];

  it('an app’s search (every result holds the query): 哈尔滨 accepted, 哈尔滨市 not', () => {
    const g = searchFor('哈尔滨', ['哈尔滨', '哈尔滨太平']);
    expect(walkPath(g, typed('哈尔滨')).accepted).toBe(true);
    expect(walkPath(g, typed('哈尔滨市')).accepted).toBe(false);
  });

  it('a search by words (a result shares words with the query without holding it): the longer query still lists it', () => {
    const g = searchFor('高血压不能吃什么', ['高血压不能吃什么？医生列了这几样', '在家怎么正确量血压']);
    expect(walkPath(g, typed('高血压不能吃什么')).accepted).toBe(true);
    expect(walkPath(g, typed('高血压不能吃什么呢')).accepted).toBe(true);
  });

  it('a query an app takes as typed, where the walk would fold it (look-alike characters, a run of spaces, ? for ？): no recorded search, names nothing', () => {
    const g = searchFor('大米', ['东北大米 5kg', '大米 10kg']);
    expect(walkPath(g, typed('大米')).accepted).toBe(true);
    expect(walkPath(g, typed('东北大米 5KG')).accepted).toBe(true);
    expect(walkPath(g, typed('⼤⽶')).accepted).toBe(false);
    expect(walkPath(g, typed('大米  5kg')).accepted).toBe(false);
    expect(plainQuery('什么?医生')).toBe(false);
    expect(plainQuery(' 大米 ')).toBe(true);
  });
});

/**
 * A result is named by any text its row shows, not only its title: a search for the singer 严凤英 lists her songs, whose
 * rows show her name below the title (held-out set BC: 严凤英 then 女驸马, refused where the demonstration had searched
 * 黄梅戏 and its results show the very rows; 预约 for the app whose row says 在线预约挂号). Through the CLI:
 * test/fixtures/offline-kinds, "another query, the singer".
 */
describe('another search query that names a result by a text of its row', () => {
  const box = b(40, 250, 1040, 400);
  const row = (i: number) => b(0, 450 + i * 150, 1080, 600 + i * 150);
  const songRow = (i: number, title: string, singer: string) =>
    n({
      className: 'android.widget.LinearLayout',
      resourceId: id('song'),
      clickable: true,
      bounds: row(i),
      children: [
        n({ className: 'android.widget.TextView', text: title, bounds: b(40, 460 + i * 150, 1040, 520 + i * 150) }),
        n({ className: 'android.widget.TextView', text: `${singer} · 黄梅戏`, bounds: b(40, 530 + i * 150, 1040, 590 + i * 150) }),
      ],
    });
  const results = (query: string, rows: [string, string][]) =>
    page('音乐', field(query, '搜索歌曲、歌手、戏曲', box, { resourceId: id('search') }), ...rows.map(([t, s], i) => songRow(i, t, s)));
  const HUANGMEI: [string, string][] = [
    ['天仙配', '严凤英'],
    ['女驸马', '严凤英'],
  ];
  const g = graphOf([
    demoOf(1, [
      { ui: results('', []), action: tapAt(box) },
      { ui: results('', []), action: { type: 'Type', text: '黄梅戏' } },
      { ui: results('黄梅戏', HUANGMEI), action: tapAt(row(0)) },
      { ui: page('正在播放', button('暂停', b(40, 1800, 1040, 1950))), action: null, activity: 'PlayerActivity' },
    ]),
  ]);
  const searched = (text: string, i: number): Action[] => [tapAt(box), { type: 'Type', text }, tapAt(row(i))];

  it('the singer shown on the row: 严凤英 names 天仙配 (accepted)', () => {
    expect(walkPath(g, searched('严凤英', 0)).accepted).toBe(true);
  });

  it('another singer, or a place where the row shows nothing the query names: refused', () => {
    expect(walkPath(g, searched('邓丽君', 0)).accepted).toBe(false);
    expect(walkPath(g, searched('严凤英', 3)).accepted).toBe(false);
  });
});

/** A query in pinyin (pinyin-query.ts): through the walk, as held-out sets BC and BD found it refused. */
describe('another search query typed in pinyin', () => {
  const box = b(40, 250, 1040, 400);
  const row = (i: number) => b(0, 450 + i * 150, 1080, 600 + i * 150);
  const results = (query: string, labels: string[]) =>
    page(
      '城市',
      field(query, '搜索城市', box, { resourceId: id('search') }),
      ...labels.map((l, i) => button(l, row(i), { resourceId: id('city') })),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: results('', []), action: tapAt(box) },
      { ui: results('', []), action: { type: 'Type', text: '上海' } },
      { ui: results('上海', ['上海', '上海南']), action: tapAt(row(0)) },
      { ui: page('上海', button('明天', b(40, 300, 1040, 450))), action: null, activity: 'WeatherActivity' },
    ]),
  ]);
  const typed = (text: string, i = 0): Action[] => [tapAt(box), { type: 'Type', text }, tapAt(row(i))];

  it('shanghai, then 上海: accepted', () => {
    expect(walkPath(g, typed('shanghai')).accepted).toBe(true);
    expect(walkPath(g, typed('Shang Hai')).accepted).toBe(true);
  });

  it('haikou (another city), hai (one character, broader), shangh (no whole syllable): refused', () => {
    expect(walkPath(g, typed('haikou')).accepted).toBe(false);
    expect(walkPath(g, typed('hai')).accepted).toBe(false);
    expect(walkPath(g, typed('shangh')).accepted).toBe(false);
  });
});
