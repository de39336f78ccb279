import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { keyboardScreen, keyboardTap } from './walk-keyboard.js';

/**
 * A tap where the keyboard stands otherwise than on the recorded screens (walk-keyboard.ts). A message thread: with the
 * keyboard down its box is at the page's foot; a tap raises the keyboard and the box and 发送 stand on it, 683 px higher.
 */
describe('the keyboard moves the foot of the page', () => {
  const boxDown = b(42, 1981, 1038, 2106);
  const boxUp = b(42, 1298, 1038, 1423);
  const sendUp = b(42, 1444, 1038, 1570);
  const sendDown = b(42, 1444 + 683, 1038, 1570 + 683);
  const nav = b(0, 2274, 1080, 2400);
  const down = page('王丽', field('', '短信', boxDown, { resourceId: id('box') }));
  const up = (text: string) =>
    page('王丽', field(text, '短信', boxUp, { resourceId: id('box'), focused: true }), button('发送', sendUp, { resourceId: id('send') }));
  // Sent: the keyboard stays up, the box empty again (the same box, 683 px above where it stands with the keyboard down).
  const sent = page(
    '王丽',
    button('周日我回去', b(300, 400, 1038, 520)),
    field('', '短信', boxUp, { resourceId: id('box'), focused: true }),
    button('发送', sendUp, { resourceId: id('send') }),
  );
  const g = graphOf([
    demoOf(1, [
      { ui: down, action: tapAt(boxDown) },
      { ui: up(''), action: { type: 'Type', text: '周日我回去' } },
      { ui: up('周日我回去'), action: tapAt(sendUp) },
      { ui: sent, action: null },
    ]),
  ]);
  const typed: Action[] = [tapAt(boxDown), { type: 'Type', text: '周日我回去' }];
  const back: Action = { type: 'Back' };
  void nav;

  it('as recorded: accepted', () => {
    expect(walkPath(g, [...typed, tapAt(sendUp)]).accepted).toBe(true);
  });

  it('Back hid the keyboard, 发送 tapped where it stood above it (the thread there now): refused', () => {
    expect(walkPath(g, [...typed, back, tapAt(sendUp)]).accepted).toBe(false);
  });

  it('Back hid the keyboard, 发送 tapped where it has dropped to: that control (accepted)', () => {
    expect(walkPath(g, [...typed, back, tapAt(sendDown)]).accepted).toBe(true);
  });

  it('Back hid the keyboard, the box tapped twice at its foot: the first raises the keyboard, the second is a key (refused)', () => {
    expect(
      walkPath(g, [...typed, back, { type: 'DoubleTap', at: (tapAt(boxDown) as { at: { x: number; y: number } }).at }, tapAt(sendUp)])
        .accepted,
    ).toBe(false);
  });
});

/**
 * The keyboard raised by a tap where the screens were recorded with it down (a search box no demonstration typed in):
 * the tab bar at the page's foot stands above the keyboard, as high as another recording of the page with the keyboard
 * up shows it (walk-keyboard.ts, risen). Found by exploration: the music library's search box, then 最近播放.
 */
describe('the bar at the foot risen above a keyboard no recorded screen shows', () => {
  const screen = { width: 1080, height: 2400 };
  const nav = b(0, 2274, 1080, 2400);
  const tabDown = b(720, 2127, 1080, 2274);
  const tabUp = b(720, 1444, 1080, 1591);
  const node = (keyboard: boolean, tab: ReturnType<typeof b>) =>
    ({
      id: keyboard ? 'up' : 'down',
      ...(keyboard ? { keyboard: true } : {}),
      controls: [{ bounds: tab, label: '最近播放' }],
      pressable: [tab, nav],
    }) as unknown as GraphNode;
  const risenTap: Action = { type: 'Tap', at: { x: 834, y: 632 } };

  it('a tap where another recording shows the bar risen presses it at its recorded place', () => {
    const r = keyboardTap(risenTap, true, true, [node(false, tabDown)], [node(false, tabDown)], screen, [node(true, tabUp)]);
    expect(r).toMatchObject({ kind: 'moved', tap: { type: 'Tap', at: { x: expect.closeTo(833.3, 0), y: expect.closeTo(916.9, 0) } } });
  });

  it('no recording shows how far the keyboard lifts the page, or the keyboard was not raised by a tap: not this rule', () => {
    expect(keyboardTap(risenTap, true, true, [node(false, tabDown)], [node(false, tabDown)], screen, [])).toBeNull();
    expect(keyboardTap(risenTap, false, true, [node(false, tabDown)], [node(false, tabDown)], screen, [node(true, tabUp)])).toBeNull();
  });

  it('a tap at the bar’s recorded place, under the keyboard the agent is shown: a key', () => {
    const atRecorded = tapAt(tabDown);
    expect(keyboardTap(atRecorded, true, true, [node(false, tabDown)], [node(false, tabDown)], screen, [node(true, tabUp)])).toEqual({
      kind: 'key',
    });
  });

  it('the agent is shown a recording of the page with the keyboard up: this task’s first, else another’s', () => {
    const own = { ...node(true, tabUp), id: 'own-up' } as GraphNode;
    expect(keyboardScreen(true, [node(false, tabDown)], [node(false, tabDown), own], () => [node(true, tabUp)], screen)?.id).toBe('own-up');
    expect(keyboardScreen(true, [node(false, tabDown)], [node(false, tabDown)], () => [node(true, tabUp)], screen)?.id).toBe('up');
    expect(keyboardScreen(false, [node(false, tabDown)], [node(false, tabDown)], () => [node(true, tabUp)], screen)).toBeNull();
    expect(keyboardScreen(true, [node(false, tabDown)], [node(false, tabDown)], () => [], screen)).toBeNull();
  });

  it('another task’s recording laid out otherwise above the keyboard (a card at the head of this one): not shown', () => {
    // The shop's home as another task recorded it with the keyboard up: no parcel card, so 粮油 stands where this task's
    // home has the card; an agent shown it taps 粮油 there, which the walk reads on this home as the card.
    const row = (label: string, top: number) => ({ bounds: b(40, top, 1040, top + 140), label });
    const withCard = {
      ...node(false, tabDown),
      controls: [...node(false, tabDown).controls!, row('包裹', 367), row('粮油', 567), row('眼镜', 767)],
    };
    const noCard = { ...node(true, tabUp), controls: [...node(true, tabUp).controls!, row('粮油', 378), row('眼镜', 578)] };
    const sameAsMine = { ...node(true, tabUp), controls: [...node(true, tabUp).controls!, row('粮油', 567), row('眼镜', 767)] };
    expect(keyboardScreen(true, [withCard as GraphNode], [withCard as GraphNode], () => [noCard as GraphNode], screen)).toBeNull();
    expect(keyboardScreen(true, [withCard as GraphNode], [withCard as GraphNode], () => [sameAsMine as GraphNode], screen)?.id).toBe('up');
  });
});

describe('the keyboard a tap raised, which no recording of the page shows', () => {
  const box = b(40, 260, 1040, 380);
  const row = b(0, 500, 1080, 700);
  const g = graphOf([
    demoOf(1, [
      {
        ui: page('商城', field('', '搜索商品', box, { resourceId: id('search') }), button('您的包裹', row, { resourceId: id('card') })),
        action: tapAt(row),
      },
      { ui: page('订单', button('查看物流', b(40, 600, 1040, 730))), action: null, activity: 'OrderActivity' },
    ]),
  ]);

  it('the view says so while it is up, so a refusal at its foot counts as acting where the run showed nothing recorded', () => {
    const { walker } = walkPath(g, [tapAt(box)]);
    expect(walker.view).toMatchObject({ kind: 'recorded', keyboardUnshown: true });
    walker.act({ type: 'Back' });
    expect(walker.view.keyboardUnshown).toBeUndefined();
  });
});
