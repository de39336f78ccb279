import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { screenAfterStay } from './walk-view.js';
import { GraphWalker } from './walk.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';

/**
 * A search query is a means, and a scroll changes the view, not the state: the right paths next to a
 * demonstration that differ only so are accepted, the careless ones beside them are not.
 */

const type = (t: string): Action => ({ type: 'Type', text: t });
const enter: Action = { type: 'Enter' };
const swipe = (fromY: number, toY: number): Action => ({ type: 'Swipe', from: { x: 500, y: fromY }, to: { x: 500, y: toY }, ms: 500 });

describe('another search query: the result picked must be named by it', () => {
  const box = b(40, 260, 1040, 380);
  const rows = [b(0, 420, 1080, 560), b(0, 560, 1080, 700), b(0, 700, 1080, 840)];
  const search = (q: string, focused: boolean) => field(q, '搜索地点', box, { resourceId: id('search'), focused });
  const results = (q: string) =>
    page(
      '地图',
      search(q, false),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 420, 1080, 840),
        children: ['益丰大药房', '老百姓大药房', '同仁堂药店'].map((l, i) => button(l, rows[i]!, { resourceId: id('place') })),
      }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: page('地图', search('', false)), action: tapAt(box) },
      { ui: page('地图', search('', true)), action: type('药店') },
      { ui: page('地图', search('药店', true)), action: enter },
      { ui: results('药店'), action: tapAt(rows[0]!) },
      { ui: page('益丰大药房', button('路线', b(40, 900, 1040, 1050))), action: null, activity: 'PlaceActivity' },
    ]),
  ]);

  it("the demonstration's query, and a query that names the place picked, are accepted", () => {
    expect(walkPath(g, [tapAt(box), type('药店'), enter, tapAt(rows[0]!)]).accepted).toBe(true);
    const named = walkPath(g, [tapAt(box), type('大药房'), enter, tapAt(rows[0]!)]);
    expect(named.reason).toMatch(/reached DONE/);
    expect(named.accepted).toBe(true);
  });

  it("a broader query — one character (药), or inside the demonstration's (药 for 药店) — lists what no screen showed: its results are not told by place", () => {
    // (On the phone 医院 listed 社区卫生服务中心 first, where the results for 人民医院 showed 人民医院: found by hand.)
    const one = walkPath(g, [tapAt(box), type('药'), enter, tapAt(rows[0]!)]);
    expect(one.accepted).toBe(false);
    expect(one.reason).toMatch(/broader query/);
    expect(walkPath(g, [tapAt(box), type('y'), enter, tapAt(rows[0]!)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(box), type('医'), enter, tapAt(rows[0]!)]).accepted).toBe(false);
    // A narrower one (益丰大药房) lists fewer: the one it names.
    expect(walkPath(g, [tapAt(box), type('益丰大药房'), enter, tapAt(rows[0]!)]).accepted).toBe(true);
  });

  it("a shorter query inside the demonstration's (药 for 药店) lists more: another query, however alike, not the recorded search", () => {
    const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    w.act(tapAt(box));
    expect(w.act(type('药')).taken?.how).toBe('query');
    const same = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    same.act(tapAt(box));
    expect(same.act(type('药店')).taken?.how).toBe('edge');
  });

  it('a query for something else, or a result it does not name, or no result picked, is rejected', () => {
    const other = walkPath(g, [tapAt(box), type('医院'), enter, tapAt(rows[0]!)]);
    expect(other.accepted).toBe(false);
    expect(other.reason).toMatch(/not named by the query "医院"/);
    expect(walkPath(g, [tapAt(box), type('同仁堂'), enter, tapAt(rows[0]!)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(box), type('大药房'), enter]).accepted).toBe(false);
  });
});

describe('Enter in a field that holds nothing submits nothing', () => {
  // The demonstration searched with the 搜索 button; no demonstration pressed Enter.
  const box = b(40, 260, 840, 380);
  const go = b(860, 260, 1040, 380);
  const row = b(0, 420, 1080, 560);
  const form = (q: string, focused: boolean, ...more: ReturnType<typeof button>[]) =>
    page('地图', field(q, '搜索地点', box, { resourceId: id('search'), focused }), button('搜索', go, { resourceId: id('go') }), ...more);
  const g = graphOf([
    demoOf(1, [
      { ui: form('', false), action: tapAt(box) },
      { ui: form('', true), action: type('药店') },
      { ui: form('药店', true), action: tapAt(go) },
      { ui: form('药店', false, button('益丰大药房', row, { resourceId: id('place') })), action: tapAt(row) },
      { ui: page('益丰大药房', button('路线', b(40, 900, 1040, 1050))), action: null, activity: 'PlaceActivity' },
    ]),
  ]);

  it('Enter in the empty box: the page stays, and the route goes on from there', () => {
    const r = walkPath(g, [tapAt(box), enter, type('药店'), tapAt(go), tapAt(row)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('Enter once the box holds the query is not known (no demonstration submitted so), nor does an empty Enter search', () => {
    expect(walkPath(g, [tapAt(box), type('药店'), enter, tapAt(row)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(box), enter, tapAt(row)]).accepted).toBe(false);
  });
});

describe('a query typed and not submitted leaves the page as it was', () => {
  // One demonstration searched 药店; the other tapped the nearby-pharmacies shortcut (an icon) with the box empty.
  const box = b(40, 260, 1040, 380);
  const near = b(900, 1800, 1040, 1950);
  const row = b(0, 420, 1080, 560);
  const place = page('益丰大药房', button('路线', b(40, 900, 1040, 1050)));
  const icon = (label: string) =>
    n({ className: 'android.widget.ImageButton', clickable: true, contentDesc: label, resourceId: id('near'), bounds: near });
  /** `hidden`: typing hides the shortcut (the keyboard's suggestion strip stands there, showing nothing). */
  const graph = (label: string, hidden: boolean) => {
    const map = (q: string, focused: boolean, ...more: ReturnType<typeof button>[]) =>
      page('地图', field(q, '搜索地点', box, { resourceId: id('search'), focused }), ...(hidden && q !== '' ? [] : [icon(label)]), ...more);
    return graphOf([
      demoOf(1, [
        { ui: map('', false), action: tapAt(box) },
        { ui: map('', true), action: type('药店') },
        { ui: map('药店', true), action: enter },
        { ui: map('药店', false, button('益丰大药房', row, { resourceId: id('place') })), action: tapAt(row) },
        { ui: place, action: null, activity: 'PlaceActivity' },
      ]),
      demoOf(2, [
        { ui: map('', false), action: tapAt(near) },
        { ui: place, action: null, activity: 'PlaceActivity' },
      ]),
    ]);
  };

  it('药店 typed, not submitted, then the shortcut the other demonstration took with the box empty: accepted', () => {
    const r = walkPath(graph('', false), [tapAt(box), type('药店'), tapAt(near)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('submitted, the results stand where the shortcut was: a tap there is not the shortcut', () => {
    // Typing and the results are one state (the rows are not content); its screen is the one recorded before Enter.
    const map = (q: string, focused: boolean, ...more: ReturnType<typeof button>[]) =>
      page('地图', field(q, '搜索地点', box, { resourceId: id('search'), focused }), ...more);
    const g = graphOf([
      demoOf(1, [
        { ui: map('', false, icon('')), action: tapAt(box) },
        { ui: map('', true, icon('')), action: type('药店') },
        { ui: map('药店', true, icon('')), action: enter },
        {
          ui: map(
            '药店',
            false,
            button('益丰大药房', row, { resourceId: id('place') }),
            button('老百姓大药房', near, { resourceId: id('place') }),
          ),
          action: tapAt(row),
        },
        { ui: place, action: null, activity: 'PlaceActivity' },
      ]),
      demoOf(2, [
        { ui: map('', false, icon('')), action: tapAt(near) },
        { ui: place, action: null, activity: 'PlaceActivity' },
      ]),
    ]);
    expect(walkPath(g, [tapAt(box), type('药店'), tapAt(near)]).accepted).toBe(true);
    // After Enter, 老百姓大药房 stands there: not the shortcut to 益丰大药房.
    expect(walkPath(g, [tapAt(box), type('药店'), enter, tapAt(near)]).accepted).toBe(false);
  });

  it('where typing hides the shortcut, a tap at its place presses nothing: not accepted', () => {
    expect(walkPath(graph('附近药店', true), [tapAt(box), type('药店'), tapAt(near)]).accepted).toBe(false);
  });
});

describe('a scroll changes the view, not the state', () => {
  const tomorrow = b(40, 900, 1040, 1050);
  const tab = b(0, 2200, 540, 2350);
  // The day list scrolls; the tab bar below it does not.
  const days = n({
    className: 'androidx.recyclerview.widget.RecyclerView',
    scrollable: true,
    bounds: b(0, 300, 1080, 2150),
    children: [button('明天', tomorrow, { resourceId: id('tomorrow') })],
  });
  const g = graphOf([
    demoOf(1, [
      { ui: page('天气', days, button('城市', tab, { resourceId: id('cities') })), action: tapAt(tomorrow) },
      { ui: page('明天', button('返回', b(40, 300, 1040, 420))), action: null, activity: 'DayActivity' },
    ]),
  ]);

  it('scrolled down and back up, the page is as recorded: the tap is judged on its screen', () => {
    const r = walkPath(g, [swipe(700, 300), swipe(300, 700), tapAt(tomorrow)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    // At the top, a swipe down moves nothing (as on a phone).
    expect(walkPath(g, [swipe(300, 700), tapAt(tomorrow)]).accepted).toBe(true);
  });

  it('scrolled and not back: the list moved under the finger; past what the recorded screen showed, no demonstration saw', () => {
    // 100 units of 1000 is 240 px of 2400: 明天 is 240 px higher, and its old place shows what was below it.
    const moved = b(40, 900 - 240, 1040, 1050 - 240);
    const r = walkPath(g, [swipe(700, 600), tapAt(moved)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    expect(walkPath(g, [swipe(700, 600), tapAt(tomorrow)]).accepted).toBe(false);
    // 960 px down: a tap low in the list lands past the list's end on the recorded screen, which no demonstration saw.
    const low = walkPath(g, [swipe(700, 300), tapAt(b(40, 1400, 1040, 1500))]);
    expect(low.accepted).toBe(false);
    expect(low.reason).toMatch(/scrolled/);
    expect(walkPath(g, [swipe(700, 300), swipe(300, 500), tapAt(tomorrow)]).accepted).toBe(false);
  });

  it('on a scrolled page, a tap outside the scrolling list is judged on the screen; inside it is not', () => {
    const tabbed = graphOf([
      demoOf(1, [
        { ui: page('天气', days, button('城市', tab, { resourceId: id('cities') })), action: tapAt(tab) },
        { ui: page('城市', button('上海', b(40, 300, 1040, 420))), action: null, activity: 'CityActivity' },
      ]),
    ]);
    expect(walkPath(tabbed, [swipe(700, 300), tapAt(tab)]).accepted).toBe(true);
    expect(walkPath(tabbed, [swipe(700, 300), tapAt(tomorrow)]).accepted).toBe(false);
  });

  it('where nothing scrolls a swipe moves nothing, and the tap after it is judged on the screen', () => {
    const still = graphOf([
      demoOf(1, [
        { ui: page('天气', button('明天', tomorrow, { resourceId: id('tomorrow') })), action: tapAt(tomorrow) },
        { ui: page('明天', button('返回', b(40, 300, 1040, 420))), action: null, activity: 'DayActivity' },
      ]),
    ]);
    const r = walkPath(still, [swipe(700, 300), tapAt(tomorrow)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    // Judged on the screen, a tap beside the control is still off the graph.
    expect(walkPath(still, [swipe(700, 300), tapAt(b(40, 1700, 1040, 1850))]).accepted).toBe(false);
  });
});

describe('what the agent is shown: the view of the walk', () => {
  const tomorrow = b(40, 900, 1040, 1050);
  const cities = b(0, 2200, 540, 2350);
  // Inside the list, a picture that takes a tap (unlabelled): what it opens, no demonstration saw.
  const blank = b(40, 1700, 1040, 1850);
  const days = n({
    className: 'androidx.recyclerview.widget.RecyclerView',
    scrollable: true,
    bounds: b(0, 300, 1080, 2150),
    children: [
      button('明天', tomorrow, { resourceId: id('tomorrow') }),
      n({ className: 'android.widget.ImageView', resourceId: id('radar'), clickable: true, bounds: blank }),
    ],
  });
  const g = graphOf([
    demoOf(1, [
      { ui: page('天气', days, button('城市', cities, { resourceId: id('cities') })), action: tapAt(tomorrow) },
      { ui: page('明天', button('返回', b(40, 300, 1040, 420))), action: null, activity: 'DayActivity' },
    ]),
  ]);
  const walk = (actions: readonly Action[]) => {
    const r = walkPath(g, actions);
    expect(r.reason).not.toMatch(/off the graph/);
    return r.walker.view;
  };
  const start = g.startNode;

  it('the recorded screen where the walk stands on it, and after the demonstrated tap', () => {
    expect(walk([])).toEqual({ node: start, kind: 'recorded', scrolledPx: 0 });
    expect(walk([tapAt(tomorrow)])).toMatchObject({ kind: 'recorded', scrolledPx: 0 });
    expect(walk([tapAt(tomorrow)]).node).not.toBe(start);
  });

  it('scrolled: by the swipe in device pixels (400 of 1000 of 2400 px), back to the recorded screen when scrolled back', () => {
    expect(walk([swipe(700, 300)])).toEqual({ node: start, kind: 'scrolled', scrolledPx: 960 });
    expect(walk([swipe(700, 300), swipe(300, 500)])).toEqual({ node: start, kind: 'scrolled', scrolledPx: 480 });
    expect(walk([swipe(700, 300), swipe(300, 700)])).toEqual({ node: start, kind: 'recorded', scrolledPx: 0 });
    // At the top a swipe down moves nothing, as on a phone.
    expect(walk([swipe(300, 700)])).toEqual({ node: start, kind: 'recorded', scrolledPx: 0 });
  });

  it('an excursion after a tap the graph does not know; a scroll there keeps it; Back returns to the recorded screen', () => {
    expect(walk([tapAt(blank)])).toEqual({ node: start, kind: 'excursion', scrolledPx: 0 });
    expect(walk([tapAt(blank), swipe(700, 300)])).toEqual({ node: start, kind: 'excursion', scrolledPx: 0 });
    expect(walk([tapAt(blank), swipe(700, 300), { type: 'Back' }])).toEqual({ node: start, kind: 'recorded', scrolledPx: 0 });
  });

  it('an excursion from a scrolled page (a tap outside the list): Back returns to the page as scrolled', () => {
    expect(walk([swipe(700, 300), tapAt(cities)])).toMatchObject({ kind: 'excursion' });
    expect(walk([swipe(700, 300), tapAt(cities), { type: 'Back' }])).toEqual({ node: start, kind: 'scrolled', scrolledPx: 960 });
  });

  it('a tab whose page no demonstration showed is an excursion; the recorded tab from there shows its screen', () => {
    const [alarms, clock, timer] = [b(0, 2200, 360, 2350), b(360, 2200, 720, 2350), b(720, 2200, 1080, 2350)];
    const bar = (on: string) =>
      ['闹钟', '时钟', '计时器'].map((l, i) => button(l, [alarms, clock, timer][i]!, { resourceId: id(`tab${i}`), selected: l === on }));
    const tabbed = graphOf([
      demoOf(1, [
        { ui: page('闹钟', button('07:00', b(0, 300, 1080, 450), { resourceId: id('alarm') }), ...bar('闹钟')), action: tapAt(timer) },
        { ui: page('计时器', button('开始', b(40, 900, 1040, 1050), { resourceId: id('start') }), ...bar('计时器')), action: null },
      ]),
    ]);
    expect(walkPath(tabbed, [tapAt(clock)]).walker.view).toMatchObject({ kind: 'excursion' });
    const on = walkPath(tabbed, [tapAt(clock), tapAt(timer)]);
    expect(on.accepted).toBe(true);
    expect(on.walker.view).toMatchObject({ kind: 'recorded', node: on.walker.node });
  });
});

describe('a slider or a switch no demonstration moved changes its own value; the page stays', () => {
  const ring = b(40, 600, 1040, 700);
  const wifi = b(900, 800, 1040, 900);
  const save = b(40, 1000, 1040, 1150);
  const settings = () =>
    page(
      '声音',
      n({ className: 'android.widget.SeekBar', resourceId: id('ring'), bounds: ring, clickable: true }),
      n({ className: 'android.widget.Switch', resourceId: id('wifi'), bounds: wifi, clickable: true, checkable: true }),
      button('完成', save, { resourceId: id('done') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: settings(), action: tapAt(save) },
      { ui: page('完成了', button('好', b(40, 300, 1040, 420))), action: null, activity: 'DoneActivity' },
    ]),
  ]);

  it('moved on the way, the recorded action still goes on from the page', () => {
    const r = walkPath(g, [tapAt(ring), tapAt(wifi), tapAt(save)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('moved alone, the page is where it was: not the goal', () => {
    expect(walkPath(g, [tapAt(ring)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(wifi)]).accepted).toBe(false);
  });
});

describe('results shown only after a search is submitted', () => {
  // The demonstration typed 药店, pressed Enter, and tapped the first result: typing and the results are one state
  // (the rows are not content), so only the order of the demonstration's steps says the results came with Enter.
  const box = b(40, 260, 1040, 380);
  const row = b(0, 420, 1080, 560);
  const map = (q: string, focused: boolean, ...more: ReturnType<typeof button>[]) =>
    page('地图', field(q, '搜索地点', box, { resourceId: id('search'), focused }), ...more);
  const g = graphOf([
    demoOf(1, [
      { ui: map('', false), action: tapAt(box) },
      { ui: map('', true), action: type('药店') },
      { ui: map('药店', true), action: enter },
      { ui: map('药店', false, button('益丰大药房', row, { resourceId: id('place') })), action: tapAt(row) },
      { ui: page('益丰大药房', button('路线', b(40, 900, 1040, 1050))), action: null, activity: 'PlaceActivity' },
    ]),
  ]);

  it('typed, submitted, the result: accepted', () => {
    expect(walkPath(g, [tapAt(box), type('药店'), enter, tapAt(row)]).accepted).toBe(true);
  });

  it('typed and not submitted, then where the result would be: not accepted', () => {
    expect(walkPath(g, [tapAt(box), type('药店'), tapAt(row)]).accepted).toBe(false);
  });
});

describe('after an Enter that left its node as it was, the screen the demonstration saw after it', () => {
  // The music app lists a search's results on the page that holds the query: typing and results are one node, whose
  // representative is the screen from before the Enter (the home list). Shown that, an agent taps a song where the
  // results do not have it.
  const ref = (idx: number) => ({ demonstrationId: 7, idx, screenshotBlob: `shot${idx}`, xmlBlob: `ui${idx}` });
  const node = { id: 'n2', members: [ref(3), ref(4)].map((r) => ({ ...r, evidence: {} })), representative: ref(3) } as unknown as GraphNode;
  const nodes = new Map([[node.id, node]]);
  const edge = (action: Action, from: string, to: string) => ({ id: 'e3', from, to, action, uses: [[7, 3]] }) as unknown as GraphEdge;

  it('the member recorded right after the Enter', () => {
    expect(screenAfterStay(nodes, edge(enter, 'n2', 'n2'))).toEqual(ref(4));
  });

  it('the member recorded right after a tap on a field that left the node as it was (the keyboard it raised)', () => {
    const focus = {
      ...edge(tapAt(b(42, 242, 1038, 367)), 'n2', 'n2'),
      target: { className: 'android.widget.EditText' },
    } as unknown as GraphEdge;
    expect(screenAfterStay(nodes, focus)).toEqual(ref(4));
    const button = { ...focus, target: { className: 'android.widget.Button' } } as unknown as GraphEdge;
    expect(screenAfterStay(nodes, button)).toBeNull();
  });

  it('none for an Enter that led to another node, or for another action', () => {
    expect(screenAfterStay(nodes, edge(enter, 'n1', 'n2'))).toBeNull();
    expect(screenAfterStay(nodes, edge(type('x'), 'n2', 'n2'))).toBeNull();
    expect(screenAfterStay(nodes, null)).toBeNull();
  });
});
