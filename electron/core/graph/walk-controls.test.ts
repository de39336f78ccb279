import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { labelUnder, onBackControl } from './walk-controls.js';
import { pageModel } from './page-model.js';

/**
 * What a tap does by what the screen shows under it: a tab already selected changes nothing, a field no
 * demonstration typed in takes the focus (and its typing is its own), and a control is what it says where the
 * page's layout moved. Each right path beside a demonstration is accepted; the careless one beside it is not.
 */

const type = (t: string): Action => ({ type: 'Type', text: t });
const back: Action = { type: 'Back' };

describe('a tap on the tab the page is on changes nothing', () => {
  const alarms = b(0, 2200, 360, 2350);
  const timer = b(720, 2200, 1080, 2350);
  const clock = b(360, 2200, 720, 2350);
  const tabs = (on: string) =>
    ['闹钟', '时钟', '计时器'].map((l, i) => button(l, [alarms, clock, timer][i]!, { resourceId: id(`tab${i}`), selected: l === on }));
  const start = b(40, 900, 1040, 1050);
  const g = graphOf([
    demoOf(1, [
      { ui: page('时钟', ...tabs('闹钟')), action: tapAt(timer) },
      { ui: page('时钟', button('开始', start, { resourceId: id('start') }), ...tabs('计时器')), action: tapAt(start) },
      { ui: page('时钟', button('暂停', start, { resourceId: id('pause') }), ...tabs('计时器')), action: null },
    ]),
  ]);

  it('the selected tab tapped first, or again, is accepted', () => {
    expect(walkPath(g, [tapAt(alarms), tapAt(timer), tapAt(start)]).accepted).toBe(true);
    const again = walkPath(g, [tapAt(timer), tapAt(timer), tapAt(start)]);
    expect(again.reason).toMatch(/reached DONE/);
    expect(again.accepted).toBe(true);
  });

  it('another tab no demonstration opened is a page the graph does not know', () => {
    expect(walkPath(g, [tapAt(clock), tapAt(timer), tapAt(start)]).accepted).toBe(false);
  });
});

describe('a tap in a field no demonstration typed in focuses it; its typing is its own', () => {
  const search = b(40, 100, 1040, 220);
  const name = b(40, 300, 1040, 420);
  const send = b(40, 900, 1040, 1050);
  const form = (who: string, focus?: 'name' | 'search') =>
    page(
      '转账',
      field('', '搜索', search, { resourceId: id('search'), focused: focus === 'search' }),
      field(who, '收款人', name, { resourceId: id('name'), focused: focus === 'name' }),
      button('确认', send, { resourceId: id('confirm') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: form(''), action: tapAt(name) },
      { ui: form('', 'name'), action: type('李强') },
      { ui: form('李强', 'name'), action: tapAt(send) },
      { ui: page('转账成功', button('完成', b(40, 900, 1040, 1050))), action: null },
    ]),
  ]);

  it('the search box focused on the way, then the route, is accepted', () => {
    const r = walkPath(g, [tapAt(search), back, tapAt(name), type('李强'), tapAt(send)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it("the name typed into the search box is not the recipient's field", () => {
    expect(walkPath(g, [tapAt(search), type('李强'), tapAt(send)]).accepted).toBe(false);
  });
});

describe('a control is what it says where the layout moved', () => {
  const labels = ['10 分钟', '15 分钟', '60 分钟'];
  // Once a time is chosen, a row showing it appears above the presets and they move down.
  const presetAt = (i: number, chosen: boolean) => b(40 + i * 340, chosen ? 450 : 300, 360 + i * 340, chosen ? 600 : 450);
  const start = b(40, 900, 1040, 1050);
  const timer = (chosen: string) =>
    page(
      '计时器',
      ...(chosen ? [n({ className: 'android.widget.TextView', text: `已选 ${chosen}`, bounds: b(40, 300, 1040, 440) })] : []),
      n({
        className: 'android.widget.LinearLayout',
        resourceId: id('presets'),
        bounds: b(0, chosen ? 450 : 300, 1080, chosen ? 600 : 450),
        children: labels.map((l, i) =>
          n({
            className: 'android.widget.CheckedTextView',
            text: l,
            clickable: true,
            checkable: true,
            checked: l === chosen,
            bounds: presetAt(i, !!chosen),
          }),
        ),
      }),
      ...(chosen ? [button('开始', start, { resourceId: id('start') })] : []),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: timer(''), action: tapAt(presetAt(0, false)) },
      { ui: timer('10 分钟'), action: tapAt(start) },
      { ui: page('计时中', button('暂停', b(40, 900, 1040, 1050))), action: null, activity: 'RunningActivity' },
    ]),
  ]);

  it('another preset, then the asked one where the screen now shows it, is accepted', () => {
    const r = walkPath(g, [tapAt(presetAt(2, false)), tapAt(presetAt(0, true)), tapAt(start)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the asked preset, then another where the screen now shows it, is rejected', () => {
    expect(walkPath(g, [tapAt(presetAt(0, false)), tapAt(presetAt(2, true)), tapAt(start)]).accepted).toBe(false);
  });
});

describe('the label under a tap', () => {
  // A search box whose label is what was typed into it (杭州), above the result of the same name.
  const box = b(40, 100, 1040, 220);
  const row = b(0, 300, 1080, 450);
  const node = {
    controls: [
      { bounds: box, label: '杭州' },
      { bounds: row, label: '杭州' },
    ],
    inputs: [box],
  } as unknown as GraphNode;
  const screen = { width: 1080, height: 2400 };

  it("is the result's, though the search box holds the same text", () => {
    expect(labelUnder([node], tapAt(row), screen)).toBe('杭州');
  });

  it('is none on the text field itself (its label is only what was typed), nor where two buttons share it', () => {
    expect(labelUnder([node], tapAt(box), screen)).toBeNull();
    const twice = { ...node, inputs: [] } as unknown as GraphNode;
    expect(labelUnder([twice], tapAt(row), screen)).toBeNull();
  });
});

describe('a tap matched by place on another screen of the page must press the control this screen shows there', () => {
  // The empty form has 发送 where, once a recipient is picked, the message field sits.
  const to = b(40, 240, 1040, 360);
  const sendEmpty = b(40, 520, 1040, 650);
  const message = b(40, 520, 1040, 650);
  const sendFilled = b(40, 700, 1040, 820);
  const empty = (focused: boolean) =>
    page('新信息', field('', '收件人', to, { resourceId: id('to'), focused }), button('发送', sendEmpty, { resourceId: id('send') }));
  const filled = (text: string, focused: boolean) =>
    page(
      '新信息',
      field('王丽', '收件人', to, { resourceId: id('to') }),
      field(text, '短信', message, { resourceId: id('message'), focused }),
      button('发送', sendFilled, { resourceId: id('send') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: empty(false), action: tapAt(to) },
      { ui: empty(true), action: type('王丽') },
      { ui: filled('', false), action: tapAt(message) },
      { ui: filled('', true), action: type('周日一起吃饭') },
      { ui: filled('周日一起吃饭', true), action: tapAt(sendFilled) },
      { ui: page('王丽', button('发消息', b(40, 2150, 1040, 2300))), action: null, activity: 'ThreadActivity' },
    ]),
  ]);

  it('发送 pressed on the empty form is not a tap in the message field: the route after it is accepted', () => {
    const r = walkPath(g, [tapAt(to), tapAt(sendEmpty), type('王丽'), tapAt(message), type('周日一起吃饭'), tapAt(sendFilled)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });
});

describe('a control pressed again where the screen still shows it, what it set already set, changes nothing', () => {
  const to = b(40, 240, 1040, 360);
  const pick = b(0, 367, 1080, 556);
  const message = b(40, 567, 1040, 692);
  const send = b(40, 713, 1040, 839);
  const compose = (recipient: string, text: string, focus: 'to' | 'message' | null) =>
    page(
      '新信息',
      field(recipient, '收件人', to, { resourceId: id('to'), focused: focus === 'to' }),
      button('王丽', pick, { resourceId: id('contact') }),
      field(text, '短信', message, { resourceId: id('message'), focused: focus === 'message' }),
      button('发送', send, { resourceId: id('send') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: compose('', '', null), action: tapAt(to) },
      { ui: compose('', '', 'to'), action: type('王丽') },
      { ui: compose('王丽', '', 'to'), action: tapAt(pick) },
      { ui: compose('13800000001', '', null), action: tapAt(message) },
      { ui: compose('13800000001', '', 'message'), action: type('周日一起吃饭') },
      { ui: compose('13800000001', '周日一起吃饭', 'message'), action: tapAt(send) },
      { ui: page('王丽', button('发消息', b(40, 2150, 1040, 2300))), action: null, activity: 'ThreadActivity' },
    ]),
  ]);

  it('王丽 picked, then tapped again: the route goes on and is accepted', () => {
    const r = walkPath(g, [tapAt(to), type('王丽'), tapAt(pick), tapAt(pick), tapAt(message), type('周日一起吃饭'), tapAt(send)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('tapped before it was picked, it is not a press of what is set already', () => {
    expect(walkPath(g, [tapAt(pick), tapAt(message), type('周日一起吃饭'), tapAt(send)]).accepted).toBe(false);
  });
});

describe('a result is what it says, in the list or after a search (list vs search)', () => {
  // The city picker: a search box, the hot cities below it; the demonstration searched 杭州 and tapped the result.
  const box = b(40, 260, 1040, 380);
  const hot = (i: number) => b(40 + i * 340, 900, 360 + i * 340, 1020);
  const result = b(0, 420, 1080, 560);
  const destination = b(40, 600, 1040, 720);
  const picker = (q: string, focused: boolean, results: string[]) =>
    page(
      '到达城市',
      field(q, '搜索城市', box, { resourceId: id('city_search'), focused }),
      ...results.map((r) => button(r, result, { resourceId: id('result') })),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 880, 1080, 1040),
        children: ['北京', '杭州', '上海'].map((c, i) => button(c, hot(i), { resourceId: id('hot') })),
      }),
    );
  const form = (to: string) => page('出行', button(`到达  ${to}`, destination, { resourceId: id('to') }));
  const g = graphOf([
    demoOf(1, [
      { ui: form('？'), action: tapAt(destination) },
      { ui: picker('', false, []), action: tapAt(box), activity: 'CityActivity' },
      { ui: picker('', true, []), action: type('杭州'), activity: 'CityActivity' },
      { ui: picker('杭州', true, []), action: { type: 'Enter' }, activity: 'CityActivity' },
      { ui: picker('杭州', false, ['杭州']), action: tapAt(result), activity: 'CityActivity' },
      { ui: form('杭州'), action: null },
    ]),
  ]);

  it('the hot city 杭州, where the demonstration searched for it: accepted', () => {
    const r = walkPath(g, [tapAt(destination), tapAt(hot(1))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the hot city 上海: not accepted', () => {
    expect(walkPath(g, [tapAt(destination), tapAt(hot(2))]).accepted).toBe(false);
  });

  it('where the result was, before any search: nothing is there', () => {
    expect(walkPath(g, [tapAt(destination), tapAt(result)]).accepted).toBe(false);
  });
});

describe('a control labelled just 取消 goes back as Back does', () => {
  const cancel = b(40, 1400, 520, 1550);
  const unsave = b(560, 1400, 1040, 1550);
  const g = graphOf([
    demoOf(1, [
      {
        ui: page(
          '添加闹钟',
          button('取消', cancel, { resourceId: id('cancel') }),
          button('取消收藏', unsave, { resourceId: id('unsave') }),
        ),
        action: null,
      },
    ]),
  ]);
  const m = pageModel(g);
  const screen = { width: 1080, height: 2400 };

  it('取消 does; 取消收藏, which acts, does not', () => {
    expect(onBackControl(m, screen, tapAt(cancel), [g.startNode], 'cancel')).toBe(true);
    expect(onBackControl(m, screen, tapAt(unsave), [g.startNode], 'cancel')).toBe(false);
  });
});
