import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { tapAt } from '../../../test/support/ui-builder.js';
import { taskGraphOf, walkPath } from '../../../test/support/page-demos.js';
import { travelHome } from '../../../test/support/travel-home-demos.js';

/**
 * A travel app's home: 到达 opens the city list; a row of 热门目的地 sets 到达 and opens the results at once. This task's
 * demonstration took the 三亚 shortcut; another task's went to 杭州 both ways (the shortcut, and 到达 then 查询), which
 * reached one state. So the form's 查询, with the form holding what the 三亚 shortcut sets (三亚, then Back: the phone's
 * form shows 到达 三亚), leads where the shortcut led (exploration: 三亚, Back, 查询 was refused on the other task's page).
 */
describe("the form's search where this task took a shortcut", () => {
  const { search, shortcut, train, byShortcut, byList } = travelHome(['北京', '三亚', '杭州']);
  const own = taskGraphOf('to-sanya', [byShortcut(1, 1)]);
  const bothWays = taskGraphOf('to-hangzhou', [byShortcut(2, 2), byList(3, 2)]);
  const back: Action = { type: 'Back' };
  const walk = (others: readonly TaskGraph[], actions: readonly Action[]) => walkPath(own, actions, others).accepted;

  it('三亚, Back, 查询: where the shortcut led, and the task is done there', () => {
    expect(walk([bothWays], [tapAt(shortcut(1)), tapAt(train)])).toBe(true);
    expect(walk([bothWays], [tapAt(shortcut(1)), back, tapAt(search), tapAt(train)])).toBe(true);
  });

  it('the form holding something else (another shortcut taken since): not where the shortcut led', () => {
    expect(walk([bothWays], [tapAt(shortcut(1)), back, tapAt(shortcut(2)), back, tapAt(search), tapAt(train)])).toBe(false);
  });

  it('where no recording shows the search reach what a shortcut reaches, or no other task is known: not taken', () => {
    const shortcutOnly = taskGraphOf('to-hangzhou', [byShortcut(2, 2)]);
    expect(walk([shortcutOnly], [tapAt(shortcut(1)), back, tapAt(search), tapAt(train)])).toBe(false);
    expect(walk([], [tapAt(shortcut(1)), back, tapAt(search), tapAt(train)])).toBe(false);
  });
});
