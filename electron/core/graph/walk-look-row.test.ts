import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, n, page, tabs, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * An inquiry's look (last month's bills), then a bill of that list opened — a page no demonstration recorded — and Back:
 * the list comes back showing what was asked, and the phone's checks still record the look (held-out sets AK and AM:
 * 上月, a bill opened, Back, refused as "not reached by a demonstration's goal action"; set AR: Finish on the bill).
 * A control off the list, or a task that acts, may have undone the goal: the walk does not know, and refuses as before.
 */
describe("an inquiry's look, a row of its list opened and Back", () => {
  const filter = b(800, 260, 1040, 380);
  const bill = (i: number) => b(0, 700 + i * 200, 1080, 880 + i * 200);
  const bills = (month: string, names: string[]) =>
    page(
      '账单',
      tabs(['本月', '上月'], month, 400),
      button('筛选', filter),
      n({
        className: 'androidx.recyclerview.widget.RecyclerView',
        scrollable: true,
        bounds: b(0, 680, 1080, 2200),
        children: names.map((name, i) =>
          n({ className: 'android.widget.LinearLayout', clickable: true, bounds: bill(i), children: [text(name, bill(i))] }),
        ),
      }),
    );
  const lastMonth = b(540, 400, 1080, 550);
  const own = taskGraphOf('bills-last-month', [
    demoOf(1, [
      { ui: bills('本月', ['超市 52.00', '电费 100.00']), action: tapAt(lastMonth) },
      { ui: bills('上月', ['饭店 88.00', '大药房 35.00']), action: null },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  const walk = (actions: readonly Action[], inquiries = new Set(['bills-last-month'])) => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, new AppPages([own], inquiries));
    for (const a of actions) if (!w.act(a).taken) return { success: false, reason: 'refused' };
    return w.finish();
  };

  it('last month looked at, a bill of it opened and Back: accepted', () => {
    expect(walk([tapAt(lastMonth), tapAt(bill(0)), back]).success).toBe(true);
    expect(walk([tapAt(lastMonth), tapAt(bill(1)), back]).success).toBe(true);
    // Finish on the bill itself: the look was taken, and the bill is more of it (held-out set AR).
    expect(walk([tapAt(lastMonth), tapAt(bill(0))]).success).toBe(true);
    // A bill of this month opened first: the look comes after.
    expect(walk([tapAt(bill(0)), back, tapAt(lastMonth)]).success).toBe(true);
  });

  it('a task that acts (the row may have acted), a control off the list, or no look: rejected', () => {
    expect(walk([tapAt(lastMonth), tapAt(bill(0)), back], new Set()).success).toBe(false);
    expect(walk([tapAt(lastMonth), tapAt(filter), back]).success).toBe(false);
    expect(walk([tapAt(lastMonth), tapAt(bill(0))], new Set()).success).toBe(false);
    expect(walk([tapAt(lastMonth), tapAt(filter)]).success).toBe(false);
    // This month's list only, a bill of it opened.
    expect(walk([tapAt(bill(0)), back]).success).toBe(false);
    expect(walk([tapAt(bill(0))]).success).toBe(false);
  });
});
