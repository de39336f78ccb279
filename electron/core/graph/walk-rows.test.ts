import { describe, expect, it } from 'vitest';
import { b, button, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A list whose rows each have a control of one kind (an update button per app): a demonstration pressed the top
 * row's button again and again as the rows moved up; another demonstration pressed 全部更新. The button of another
 * row does to its row what the recorded tap did to its own. Each right path is accepted; the careless one is not.
 */
describe("another row's own control", () => {
  const all = b(40, 260, 1040, 380);
  const rowAt = (i: number) => b(40, 420 + i * 150, 1040, 570 + i * 150);
  const buttonAt = (i: number) => b(800, 440 + i * 150, 1020, 550 + i * 150);
  const updates = (...apps: string[]) =>
    page(
      '应用更新',
      ...(apps.length > 0 ? [button('全部更新', all, { resourceId: id('update_all') })] : []),
      ...apps.map((app, i) =>
        n({
          className: 'android.widget.LinearLayout',
          bounds: rowAt(i),
          children: [
            text(app, b(60, 450 + i * 150, 700, 540 + i * 150), { resourceId: id('name') }),
            button(`更新${app}`, buttonAt(i), { resourceId: id('update_one') }),
          ],
        }),
      ),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: updates('天气通', '收音机', '手电筒'), action: tapAt(buttonAt(0)) },
      { ui: updates('收音机', '手电筒'), action: tapAt(buttonAt(0)) },
      { ui: updates('手电筒'), action: tapAt(buttonAt(0)) },
      { ui: updates(), action: null },
    ]),
    demoOf(2, [
      { ui: updates('天气通', '收音机', '手电筒'), action: tapAt(all) },
      { ui: updates(), action: null },
    ]),
  ]);

  it('the second row updated by its own button, then 全部更新, is accepted', () => {
    const r = walkPath(g, [tapAt(buttonAt(1)), tapAt(all)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the second row alone, the others left, is not', () => {
    expect(walkPath(g, [tapAt(buttonAt(1))]).accepted).toBe(false);
  });

  it('every row by its own button, in another order (手电筒, 收音机, 天气通): accepted', () => {
    const r = walkPath(g, [tapAt(buttonAt(2)), tapAt(buttonAt(1)), tapAt(buttonAt(0))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('two rows in another order, the third left: not accepted', () => {
    expect(walkPath(g, [tapAt(buttonAt(2)), tapAt(buttonAt(1))]).accepted).toBe(false);
  });

  it("a row's name is not its button: tapped, nothing happens (it is no control), and the rows stay to update", () => {
    const name = b(60, 450, 700, 540);
    // Read as its row's button, 天气通 would be updated and the two buttons after it would finish the list.
    expect(walkPath(g, [tapAt(name), tapAt(buttonAt(1)), tapAt(buttonAt(0))]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(name), tapAt(all)]).accepted).toBe(true);
  });
});
