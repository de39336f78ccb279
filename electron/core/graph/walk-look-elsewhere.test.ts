import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * A look another task takes as its goal, on the same screen showing another item: the weather's main page is titled by
 * its city, so the page this task's goal left (上海) is not the one another task recorded (南京), though it is the same
 * screen, and 明天 there opens the day's page that task looked at (its goal: it only asks to be shown something). After
 * this task's goal, that look acts on nothing, and Finish — on that page or back from it — is judged where the goal
 * was done (held-out set AC: 城市管理, 上海, 明天 was refused; the phone's city was 上海).
 */
describe('a look another task takes as its goal, on the same screen showing another city', () => {
  const cities = b(800, 80, 1040, 200);
  const tomorrow = b(40, 900, 1040, 1050);
  const shanghai = b(0, 500, 1080, 650);
  const beijing = b(0, 650, 1080, 800);
  // The forecast scrolls (明天 is in it, not in the app bar): the same control on another city's page is no chrome.
  const main = (city: string) =>
    page(
      city,
      button('城市管理', cities),
      n({
        className: 'android.widget.ScrollView',
        scrollable: true,
        bounds: b(0, 300, 1080, 2200),
        children: [text('晴 22°', b(40, 400, 1040, 600)), button('明天', tomorrow)],
      }),
    );
  const list = () => page('城市管理', button('上海', shanghai), button('北京', beijing));
  const day = () => page('明天', text('小雨 18°', b(40, 400, 1040, 600)));
  const own = taskGraphOf('city-shanghai', [
    demoOf(1, [
      { ui: main('南京'), action: tapAt(cities) },
      { ui: list(), action: tapAt(shanghai), activity: 'CitiesActivity' },
      { ui: main('上海'), action: null },
    ]),
  ]);
  const umbrella = taskGraphOf('umbrella-tomorrow', [
    demoOf(2, [
      { ui: main('南京'), action: tapAt(tomorrow) },
      { ui: day(), action: null, activity: 'DayActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  const walk = (actions: readonly Action[], inquiries = new Set(['umbrella-tomorrow'])): boolean => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, new AppPages([own, umbrella], inquiries));
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };

  it('after the goal, the look on the other city’s screen: accepted where it ends, and back from it', () => {
    expect(walk([tapAt(cities), tapAt(shanghai)])).toBe(true);
    expect(walk([tapAt(cities), tapAt(shanghai), tapAt(tomorrow)])).toBe(true);
    expect(walk([tapAt(cities), tapAt(shanghai), tapAt(tomorrow), back])).toBe(true);
  });

  it('the look with the goal not done, or the goal undone first: rejected', () => {
    expect(walk([tapAt(tomorrow)])).toBe(false);
    expect(walk([tapAt(cities), tapAt(shanghai), tapAt(cities), tapAt(beijing), tapAt(tomorrow)])).toBe(false);
  });

  it('where the other task does not only look (its goal may act), its goal press is no look: rejected', () => {
    expect(walk([tapAt(cities), tapAt(shanghai), tapAt(tomorrow)], new Set())).toBe(false);
  });
});
