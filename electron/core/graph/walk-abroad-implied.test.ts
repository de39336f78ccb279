import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { b, tapAt } from '../../../test/support/ui-builder.js';
import { taskGraphOf, walkPath } from '../../../test/support/page-demos.js';
import { travelHome } from '../../../test/support/travel-home-demos.js';

/**
 * A travel app's home: 到达 opens the city list; a row of 热门目的地 sets 到达 and opens the results at once. This task's
 * demonstrations went to 杭州 both ways, so its graph knows the 杭州 shortcut sets 到达; another task's demonstration
 * took the 北京 shortcut. A path that set 杭州, then took the other task's 北京 shortcut and came back, holds 北京 on the
 * phone: 查询 then searches 北京 (held-out set U: 10 false accepts, where the walk still held 杭州).
 */
describe('another task’s shortcut, then Back: the form holds what the shortcut set', () => {
  const { toRow, search, shortcut, train, byShortcut, byList } = travelHome(['北京', '上海', '杭州']);
  const own = taskGraphOf('to-hangzhou', [byList(1, 2), byShortcut(2, 2)]);
  const back: Action = { type: 'Back' };
  const setHangzhou = [tapAt(toRow), tapAt(b(0, 600, 1080, 750))];
  const walk = (other: TaskGraph, actions: readonly Action[]) => walkPath(own, actions, [other]).accepted;

  it('the other task’s graph knows what its shortcut sets: 查询 after it is refused, this task’s shortcut after it accepted', () => {
    const other = taskGraphOf('to-beijing', [byShortcut(3, 0), byList(4, 0)]);
    expect(walk(other, [...setHangzhou, tapAt(search), tapAt(train)])).toBe(true);
    expect(walk(other, [...setHangzhou, tapAt(shortcut(0)), back, tapAt(search), tapAt(train)])).toBe(false);
    expect(walk(other, [...setHangzhou, tapAt(shortcut(0)), back, tapAt(shortcut(2)), tapAt(train)])).toBe(true);
  });

  it('only this task’s graph knows what a shortcut sets (its 杭州): the other task’s 北京, a sibling, sets 到达 to 北京', () => {
    const other = taskGraphOf('to-beijing', [byShortcut(3, 0)]);
    expect(walk(other, [...setHangzhou, tapAt(shortcut(0)), back, tapAt(search), tapAt(train)])).toBe(false);
  });
});
