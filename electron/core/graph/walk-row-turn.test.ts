import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * The goal's control on another row: the demonstration liked 老李's post (赞 老李 → 已赞 老李, the page stays). The like
 * of another post is the same control on another row, turned likewise: liked and unliked, it is as it was (held-out set
 * AX: the daughter's post liked by mistake, unliked, then 老李's); left liked, the goal was done to another item too,
 * which the phone's check of the likes fails (exploration: 赞 合唱团刘老师, then 赞 老李).
 */
describe("the goal's control on another row", () => {
  const rows = ['女儿小芳', '老李', '合唱团刘老师'];
  const like = (i: number) => b(900, 200 + i * 400, 1040, 340 + i * 400);
  // Each post a row: its author, its text, and its like button, labelled with the author's name.
  const timeline = (liked: string[]) =>
    page(
      '朋友圈',
      ...rows.map((r, i) =>
        n({
          className: 'android.widget.LinearLayout',
          bounds: b(0, 200 + i * 400, 1080, 580 + i * 400),
          children: [
            text(r, b(40, 200 + i * 400, 600, 260 + i * 400)),
            text('今天天气真好', b(40, 270 + i * 400, 860, 340 + i * 400)),
            button(`${liked.includes(r) ? '已赞' : '赞'} ${r}`, like(i), {
              resourceId: id('like'),
              className: 'android.widget.ImageButton',
            }),
          ],
        }),
      ),
    );
  const graph = graphOf([
    demoOf(1, [
      { ui: timeline([]), action: tapAt(like(1)) },
      { ui: timeline(['老李']), action: null },
    ]),
  ]);
  const walk = (actions: Action[]) => walkPath(graph, actions);

  it("another post liked by mistake and unliked, then 老李's: accepted", () => {
    const r = walk([tapAt(like(0)), tapAt(like(0)), tapAt(like(1))]);
    expect(r.reason).toContain('reached DONE');
    expect(r.accepted).toBe(true);
  });

  it("another post left liked, before or after 老李's: refused, the goal done to another item", () => {
    for (const path of [
      [tapAt(like(2)), tapAt(like(1))],
      [tapAt(like(1)), tapAt(like(0))],
    ]) {
      const r = walk(path);
      expect(r.accepted).toBe(false);
      expect(r.reason).toMatch(/goal done to another item|not DONE|goal/);
    }
    expect(walk([tapAt(like(2)), tapAt(like(1))]).reason).toContain('已赞 合唱团刘老师');
  });

  it('only another post liked: not done', () => {
    expect(walk([tapAt(like(0))]).accepted).toBe(false);
  });
});
