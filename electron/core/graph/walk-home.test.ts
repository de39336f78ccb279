import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * Home and the app's launch as a phone does them (walk-home.ts): Home keeps the app's task as it stands, and the app
 * launched again brings it back so; launched while in front, it stays; a focused field keeps its focus either way. (Through the
 * CLI: test/fixtures/offline-kinds, the "home and back" cases.)
 */
const minus = b(40, 600, 360, 750);
const save = b(560, 1400, 1040, 1550);
const hourBox = b(40, 300, 520, 450);
const launcher = page('', button('时钟', b(40, 300, 300, 500), { resourceId: id('icon') }));
const launch: Action = { type: 'LaunchApp', app: 'com.example.app' };
/** An alarm form: its hour, the −1 h stepper, 保存. */
const form = (title: string, hour: string) =>
  page(
    title,
    field(hour, '小时（0-23）', hourBox, { resourceId: id('hour') }),
    button('−1 h', minus, { resourceId: id('minus') }),
    button('保存', save, { resourceId: id('save') }),
  );

describe('Home and the app launched again', () => {
  const add = b(800, 2000, 1040, 2150);
  // The 07:00 alarm's row: what it opens, no demonstration saw.
  const list = page(
    '闹钟',
    button('07:00', b(40, 1800, 1040, 1950), { resourceId: id('alarm') }),
    button('添加闹钟', add, { resourceId: id('add') }),
  );
  const editor = (hour: string) => form('添加闹钟', hour);
  const g = graphOf([
    demoOf(1, [
      { ui: launcher, action: launch, activity: 'Launcher' },
      { ui: list, action: tapAt(add) },
      { ui: editor('07'), action: tapAt(minus), activity: 'EditActivity' },
      { ui: editor('06'), action: tapAt(save), activity: 'EditActivity' },
      { ui: list, action: null },
    ]),
    demoOf(2, [
      { ui: launcher, action: launch, activity: 'Launcher' },
      { ui: list, action: tapAt(add) },
      { ui: editor('07'), action: tapAt(hourBox), activity: 'EditActivity' },
      { ui: editor('07'), action: { type: 'Type', text: '6', clear: true }, activity: 'EditActivity' },
      { ui: editor('6'), action: tapAt(save), activity: 'EditActivity' },
      { ui: list, action: null },
    ]),
  ]);
  const home: Action = { type: 'Home' };

  it('Home on the half-set form, the app launched again, 保存: accepted (the form comes back as it was left)', () => {
    const r = walkPath(g, [launch, tapAt(add), tapAt(minus), home, launch, tapAt(save)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('Home on the home screen, and the app launched while it is in front: nothing changes', () => {
    expect(walkPath(g, [home, launch, tapAt(add), launch, tapAt(minus), tapAt(save)]).accepted).toBe(true);
  });

  it('Home, then a tap on the home screen: refused (what it opens, no demonstration recorded)', () => {
    expect(walkPath(g, [launch, tapAt(add), home, tapAt(add)]).accepted).toBe(false);
  });

  it('the app back in front: the field that had the focus keeps it (the keyboard is down), so typing goes into it', () => {
    const typed: Action = { type: 'Type', text: '6', clear: true };
    expect(walkPath(g, [launch, tapAt(add), tapAt(hourBox), home, launch]).walker.act(typed).taken).not.toBeNull();
    // With no field focused before Home, none is after it.
    expect(walkPath(g, [launch, tapAt(add), home, launch]).walker.act(typed).taken).toBeNull();
  });

  it('after a page no demonstration recorded, Home and the app launched again: refused (it shows that page, as left)', () => {
    const elsewhere = b(40, 1800, 1040, 1950);
    const w = walkPath(g, [launch]).walker;
    expect(w.act(tapAt(elsewhere)).taken?.how).toBe('excursion');
    expect(w.act({ type: 'Back' }).taken).not.toBeNull();
    expect(w.act(home).taken).not.toBeNull();
    expect(w.act(launch).nearest?.result.reason ?? '').toMatch(/launched again after a page no demonstration recorded/);
  });

  it('another app launched over the half-set form and this app launched again: it comes back as left (accepted); a tap in that app: refused', () => {
    const other: Action = { type: 'LaunchApp', app: 'com.example.weather' };
    expect(walkPath(g, [launch, tapAt(add), tapAt(minus), other, launch, tapAt(save)]).accepted).toBe(true);
    expect(walkPath(g, [launch, tapAt(add), tapAt(minus), other, tapAt(add), launch, tapAt(save)]).accepted).toBe(false);
    // Back in the other app leaves it for the home screen; this app launched from there comes back as left.
    expect(walkPath(g, [launch, tapAt(add), tapAt(minus), other, { type: 'Back' }, launch, tapAt(save)]).accepted).toBe(true);
  });
});

/**
 * Back from the app's first page to the home screen: Android 12 and later (and the virtual phone) keep the app's task as
 * it stands, as Home does; launched again it comes back as it was left (found by hand set K: 明天 chosen, Back, the travel
 * app launched again with the date still chosen).
 */
describe("Back out of the app's first page, and the app launched again", () => {
  const g = graphOf([
    demoOf(1, [
      { ui: launcher, action: launch, activity: 'Launcher' },
      { ui: form('闹钟', '07'), action: tapAt(minus) },
      { ui: form('闹钟', '06'), action: tapAt(save) },
      { ui: form('闹钟', '06'), action: null },
    ]),
  ]);
  const back: Action = { type: 'Back' };

  it('the hour set, Back, launched again, 保存: accepted (the form comes back as it was left)', () => {
    const r = walkPath(g, [launch, tapAt(minus), back, launch, tapAt(save)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('Back before the hour was set, launched again, 保存: not accepted (07 is kept as well)', () => {
    expect(walkPath(g, [launch, back, launch, tapAt(save)]).accepted).toBe(false);
  });

  it('on the home screen after Back, a tap: refused, as after Home', () => {
    expect(walkPath(g, [launch, tapAt(minus), back, tapAt(save)]).accepted).toBe(false);
  });
});

describe("Back off the page a task's setup opened (no recording shows what lies below)", () => {
  // The task begins on an article the setup opened; its demonstration bookmarks it. What Back leads to (the browser's
  // start page, or the launcher), no demonstration saw. Through the CLI: the "Back off the page the task began on" cases.
  const star = b(900, 100, 1060, 220);
  const zoom = b(700, 100, 900, 220);
  const article = (starred: boolean) =>
    page(
      '电话诈骗',
      button(starred ? '已收藏' : '收藏网页', star, { resourceId: id('star') }),
      button('文字大小', zoom, { resourceId: id('zoom') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: article(false), action: tapAt(star) },
      { ui: article(true), action: null },
    ]),
  ]);
  const back: Action = { type: 'Back' };

  it('the goal, then Back: accepted (Back acts on nothing; the bookmark stands)', () => {
    const r = walkPath(g, [tapAt(star), back]);
    expect(r.reason).toMatch(/nothing after it could undo it/);
    expect(r.accepted).toBe(true);
    expect(walkPath(g, [tapAt(star), back, back, { type: 'Home' }]).accepted).toBe(true);
  });

  it('Back before the goal: refused, and nothing after it is known (the page left, the app launched again)', () => {
    expect(walkPath(g, [back]).reason).toMatch(/ended off what the recordings show/);
    expect(walkPath(g, [back, tapAt(star)]).accepted).toBe(false);
    expect(walkPath(g, [back, launch, tapAt(star)]).accepted).toBe(false);
    // Nor after the goal: a tap below may act (the bookmark removed from the list there).
    expect(walkPath(g, [tapAt(star), back, tapAt(zoom)]).accepted).toBe(false);
  });

  it('after that Back the agent is shown a page not recorded, from which Back does not return — not the article again', () => {
    // Held-out set BC: the article shown again after Back, where the phone showed the news feed; a tap on the feed's tab
    // was refused as if the agent had been shown it.
    expect(walkPath(g, []).walker.view).toMatchObject({ kind: 'recorded' });
    expect(walkPath(g, [back]).walker.view).toMatchObject({ kind: 'excursion', lost: true });
    expect(walkPath(g, [tapAt(star), back, back]).walker.view).toMatchObject({ kind: 'excursion', lost: true });
  });
});
