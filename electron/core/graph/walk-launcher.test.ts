import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * An app's icon on the home screen launches the app a recorded launch opened, where that launch opened a page titled
 * with the icon's label (held-out sets AR and AU: 信息, 设置, 相册, 应用商店, 电话 tapped on the home screen — right on the
 * phone, refused as a tap the graph does not know). An icon named otherwise than its app's first page stays unknown.
 */

const launch = (app: string): Action => ({ type: 'LaunchApp', app });

describe('an app opened from its icon on the home screen', () => {
  const icons = ['电话', '信息', '时钟'].map((l, i) => button(l, b(40 + i * 260, 1800, 260 + i * 260, 2000), { resourceId: id('icon') }));
  const iconOf = (i: number) => b(40 + i * 260, 1800, 260 + i * 260, 2000);
  const home = page('', ...icons);
  const row = b(0, 300, 1080, 450);
  const g = (title: string) =>
    graphOf([
      demoOf(1, [
        { ui: home, action: launch('com.android.messaging'), activity: 'QuickstepLauncher', app: 'com.android.launcher3' },
        {
          ui: page(title, button('王丽', row, { resourceId: id('thread') })),
          action: tapAt(row),
          activity: 'ListActivity',
          app: 'com.android.messaging',
        },
        { ui: page('王丽'), action: null, activity: 'ThreadActivity', app: 'com.android.messaging' },
      ]),
    ]);

  it('信息 tapped, where the messages app opens on its list titled 信息: accepted', () => {
    const r = walkPath(g('信息'), [tapAt(iconOf(1)), tapAt(row)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('another icon (电话), or the app whose first page is titled otherwise: not a launch of the recorded app', () => {
    expect(walkPath(g('信息'), [tapAt(iconOf(0)), tapAt(row)]).accepted).toBe(false);
    expect(walkPath(g('短信列表'), [tapAt(iconOf(1)), tapAt(row)]).accepted).toBe(false);
  });
});
