import { describe, expect, it } from 'vitest';
import { b, button, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * The task's goal action done again, as recorded, to another page: no demonstration did it twice, and a phone does it
 * twice (the photo shared to 女儿 twice, a second order). Found by hand: the phone's checks counted two shares.
 */
describe('the goal action done twice', () => {
  const share = b(40, 2000, 540, 2150);
  const daughter = b(0, 1400, 540, 1560);
  const son = b(540, 1400, 1080, 1560);
  const photo = page('生日蛋糕', button('分享', share, { resourceId: id('share') }));
  const sheet = page('分享到', button('女儿', daughter, { resourceId: id('target') }), button('儿子', son, { resourceId: id('target') }));
  const g = graphOf([
    demoOf(1, [
      { ui: photo, action: tapAt(share) },
      { ui: sheet, action: tapAt(daughter), activity: 'ShareActivity' },
      { ui: photo, action: null },
    ]),
  ]);

  it('shared once: accepted; shared to 女儿 again: not accepted', () => {
    expect(walkPath(g, [tapAt(share), tapAt(daughter)]).accepted).toBe(true);
    const twice = walkPath(g, [tapAt(share), tapAt(daughter), tapAt(share), tapAt(daughter)]);
    expect(twice.accepted).toBe(false);
    expect(twice.reason).toMatch(/goal action again/);
  });
});
