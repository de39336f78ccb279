import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { pageModel } from './page-model.js';
import { goalWaysOf, mayActAsTheGoal } from './walk-goal-ways.js';

/**
 * A recorded press that changed nothing because the value it sets already held, pressed after the goal: it may undo
 * the goal (walk-goal-ways.ts). Both graphs below are what accepting exploration's routes grew (`graph accept-routes`):
 * the held-out sets then had 5 false accepts the human graphs did not, of these two kinds; the phone's checks failed
 * each (the city is 南京; the 07:00 alarm is on).
 */
const back: Action = { type: 'Back' };
const pageOf = (g: TaskGraph) => pageModel(g).pageOf;

describe("another row of the list the goal picked from, recorded where it was the list's value", () => {
  const manage = b(933, 84, 1059, 210);
  const cities = ['南京', '北京', '哈尔滨'];
  const row = (i: number) => b(0, 400 + i * 150, 1080, 550 + i * 150);
  const main = (city: string) => page(city, button('城市管理', manage, { resourceId: id('cities') }));
  const list = (current: string) =>
    page('城市管理', ...cities.map((c, i) => button(c, row(i), { resourceId: id('city_row'), selected: c === current })));
  const g = graphOf([
    demoOf(1, [
      { ui: main('南京'), action: tapAt(manage) },
      { ui: list('南京'), action: tapAt(row(2)), activity: 'CitiesActivity' },
      { ui: main('哈尔滨'), action: null },
    ]),
    // A grown route: 南京, the city already, picked first (nothing changed), then 哈尔滨.
    demoOf(2, [
      { ui: main('南京'), action: tapAt(manage) },
      { ui: list('南京'), action: tapAt(row(0)), activity: 'CitiesActivity' },
      { ui: main('南京'), action: tapAt(manage) },
      { ui: list('南京'), action: tapAt(row(2)), activity: 'CitiesActivity' },
      { ui: main('哈尔滨'), action: null },
    ]),
  ]);

  it('the asked city, then 南京 picked back: refused', () => {
    const r = walkPath(g, [tapAt(manage), tapAt(row(2)), tapAt(manage), tapAt(row(0))]);
    expect(r.reason).not.toMatch(/nothing after it could undo it/);
    expect(r.accepted).toBe(false);
  });

  it('the asked city, then the list looked at and left by Back: accepted; the grown route itself: accepted', () => {
    expect(walkPath(g, [tapAt(manage), tapAt(row(2)), tapAt(manage), back]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(manage), tapAt(row(0)), tapAt(manage), tapAt(row(2))]).accepted).toBe(true);
  });
});

describe("a page opened from the goal's page and left by its own button, recorded with nothing to write back", () => {
  const row = b(0, 300, 800, 450);
  const toggle = b(900, 320, 1040, 430);
  const up = b(0, 80, 160, 240);
  const save = b(540, 1300, 1040, 1420);
  const list = (on: boolean) =>
    page(
      '闹钟',
      button('07:00', row, { resourceId: id('alarm_row') }),
      n({ className: 'android.widget.Switch', checkable: true, checked: on, clickable: true, bounds: toggle, resourceId: id('onoff') }),
    );
  const editor = () =>
    page(
      '编辑闹钟',
      n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: up }),
      button('保存', save, { resourceId: id('save') }),
    );
  const g = taskGraphOf('alarm-off', [
    demoOf(1, [
      { ui: list(true), action: tapAt(toggle), activity: 'AlarmsActivity' },
      { ui: list(false), action: null, activity: 'AlarmsActivity' },
    ]),
    // A grown route: the alarm's editor opened and saved as it was (the alarm on), then the switch.
    demoOf(2, [
      { ui: list(true), action: tapAt(row), activity: 'AlarmsActivity' },
      { ui: editor(), action: tapAt(save), activity: 'EditActivity' },
      { ui: list(true), action: tapAt(toggle), activity: 'AlarmsActivity' },
      { ui: list(false), action: null, activity: 'AlarmsActivity' },
    ]),
  ]);
  // Another task recorded the editor opened from the row: the row opens it from the list as it stands after the switch.
  const other = taskGraphOf('alarm-edit', [
    demoOf(4, [
      { ui: list(true), action: tapAt(row), activity: 'AlarmsActivity' },
      { ui: editor(), action: tapAt(save), activity: 'EditActivity' },
      { ui: list(true), action: null, activity: 'AlarmsActivity' },
    ]),
  ]);

  it('the switch turned off, then the editor opened and 保存 pressed: refused', () => {
    const r = walkPath(g, [tapAt(toggle), tapAt(row), tapAt(save)], [other]);
    expect(r.reason).not.toMatch(/nothing after it could undo it/);
    expect(r.accepted).toBe(false);
  });

  it('the switch turned off, then the editor opened and left by Back: accepted', () => {
    expect(walkPath(g, [tapAt(toggle), tapAt(row), back], [other]).accepted).toBe(true);
  });

  it("the editor's Up arrow returns as Back does; its 保存 may write the alarm back", () => {
    const ways = goalWaysOf(g, pageOf(g), new Set(g.edges.flatMap((e) => (e.goal ? [pageOf(g).get(e.from) ?? ''] : []))));
    const activity = (e: { to: string }) => g.nodes.find((x) => x.id === e.to)!.signature.activity;
    const from = (label: string) => g.edges.find((e) => e.target?.text === label || e.target?.contentDesc === label)!;
    expect(mayActAsTheGoal(from('保存'), pageOf(g), ways, activity(from('保存')))).toBe(true);
    const viaUp = { ...from('保存'), target: { ...from('保存').target!, text: '', contentDesc: '转到上一层级', resourceId: '' } };
    expect(mayActAsTheGoal(viaUp, pageOf(g), ways, activity(viaUp))).toBe(false);
    expect(mayActAsTheGoal(from('07:00'), pageOf(g), ways, activity(from('07:00')))).toBe(false);
  });
});
