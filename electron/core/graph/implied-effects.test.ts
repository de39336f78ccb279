import { describe, expect, it } from 'vitest';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { impliedEffects } from './implied-effects.js';

const TO = 'home§label|TextView|android:id/summary|到达';
const DATE = 'home§number|TextView|android:id/summary|日期';
const node = (id: string, content: Record<string, string>, title = '出行', anchors: string[] = []): GraphNode =>
  ({ id, signature: { title, anchors, content } }) as unknown as GraphNode;
const edge = (id: string, from: string, to: string, text: string): GraphEdge =>
  ({ id, from, to, action: { type: 'Tap', at: { x: 500, y: 500 } }, target: { text, contentDesc: '' } }) as unknown as GraphEdge;

describe('what a way off a page did to it, from another route to the same state', () => {
  // n1: the home page as first seen (到达 选择城市); n3: the date set; n12: the date and 到达 上海 set; n4: the results.
  const nodes = [
    node('n1', { [DATE]: '11,30', [TO]: '选择城市' }),
    node('n3', { [DATE]: '12,1', [TO]: '选择城市' }),
    node('n12', { [DATE]: '12,1', [TO]: '上海' }),
    node('n4', {}, '南京 → 上海 · 火车票'),
    node('a', {}, '秋季养生：保暖多喝水', ['健康']),
  ];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pageOf = new Map([...['n1', 'n3', 'n12'].map((id) => [id, 'home'] as const), ['n4', 'results'], ['a', 'article']]);

  it('a shortcut that reaches the state 查询 reaches with 到达 上海 set sets 到达 上海 (the control says it, the results name it)', () => {
    const shortcut = edge('s', 'n3', 'n4', '上海');
    const search = edge('q', 'n12', 'n4', '查询');
    const implied = impliedEffects([shortcut, search], byId, pageOf);
    expect([...(implied.get(shortcut) ?? [])]).toEqual([[TO, '上海']]);
    // Not the date (set on both routes), and nothing for 查询: its page already held every value.
    expect(implied.has(search)).toBe(false);
  });

  it('nothing where the control does not say the value, the state does not name it, or the routes disagree', () => {
    // An article opened from the feed and from the 健康 tab: the article is not the tab it sits under.
    const tab = 'home§choice|categories';
    const feed = node('f', { [tab]: '推荐' });
    const health = node('h', { [tab]: '健康' });
    const ids = new Map([...byId, ['f', feed], ['h', health]]);
    const pages = new Map([...pageOf, ['f', 'feed'], ['h', 'feed']]);
    const fromFeed = edge('x', 'f', 'a', '秋季养生：保暖多喝水');
    expect(impliedEffects([fromFeed, edge('y', 'h', 'a', '秋季养生：保暖多喝水#2')], ids, pages).size).toBe(0);
    // The shortcut 北京 reaching the 上海 results says nothing of 到达 (its label is not 上海).
    expect(impliedEffects([edge('b', 'n3', 'n4', '北京'), edge('q', 'n12', 'n4', '查询')], byId, pageOf).size).toBe(0);
    // The same control pressed with other content says nothing of what it sets.
    expect(impliedEffects([edge('s1', 'n3', 'n4', '上海'), edge('s2', 'n12', 'n4', '上海')], byId, pageOf).size).toBe(0);
  });

  it("nothing for a search box: the map's 医院 chip lists what a search for 医院 lists, and leaves the box empty", () => {
    const box = 'map§text|EditText|com.vphone.maps:id/search';
    const ids = new Map([
      ['m', node('m', { [box]: '' }, '地图')],
      ['typed', node('typed', { [box]: '医院' }, '地图')],
      ['r', node('r', {}, '医院')],
    ]);
    const pages = new Map([
      ['m', 'map'],
      ['typed', 'map'],
      ['r', 'results'],
    ]);
    const chip = edge('c', 'm', 'r', '医院');
    const enter = { ...edge('e', 'typed', 'r', ''), action: { type: 'Enter' } } as unknown as GraphEdge;
    expect(impliedEffects([chip, enter], ids, pages).size).toBe(0);
  });
});
