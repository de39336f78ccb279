import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * A button that names its next action and sets more than its label: 显示余额 shows the balance and turns to 隐藏余额;
 * pressed again, the balance is hidden and the button reads 显示余额 again (walk-switch.ts pressedBack). For a task that
 * only asks to be shown something (how much is left on the card), the look was taken: hidden again, it stands, as the
 * phone's check records the look (held-out set AE: shown then hidden, and shown, hidden, shown, both right by the
 * phone). For a task that acts, pressing it back undoes the goal.
 */
describe("an inquiry's look whose own button is pressed back", () => {
  const toggle = b(800, 300, 1040, 420);
  const elsewhere = b(40, 1600, 1040, 1720);
  const wallet = (shown: boolean) =>
    page(
      '钱包',
      text(shown ? '¥2680.50' : '****', b(40, 300, 700, 420), { resourceId: id('balance') }),
      button(shown ? '隐藏余额' : '显示余额', toggle, { resourceId: id('toggle_balance') }),
    );
  const graph = taskGraphOf('balance', [
    demoOf(1, [
      { ui: wallet(false), action: tapAt(toggle) },
      { ui: wallet(true), action: null },
    ]),
  ]);
  const walk = (actions: readonly Action[], inquiry: boolean): boolean => {
    const w = new GraphWalker(graph, DEFAULT_MATCH_OPTIONS, new AppPages([graph], new Set(inquiry ? ['balance'] : [])));
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };
  const press = tapAt(toggle);

  it('an inquiry: shown, then hidden (once or twice over), or shown again: accepted', () => {
    expect(walk([press], true)).toBe(true);
    expect(walk([press, press], true)).toBe(true);
    expect(walk([press, press, press], true)).toBe(true);
    expect(walk([press, press, press, press], true)).toBe(true);
  });

  it('an inquiry: never shown, or a tap on nothing instead: not accepted', () => {
    expect(walk([], true)).toBe(false);
    expect(walk([tapAt(elsewhere)], true)).toBe(false);
  });

  it('a task that acts: pressed back undoes it; pressed a third time, it stands again', () => {
    expect(walk([press, press], false)).toBe(false);
    expect(walk([press, press, press], false)).toBe(true);
  });
});
