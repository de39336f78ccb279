import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A list scrolled on a page another task recorded sets nothing a way off it commits. The camera album that
 * gallery-delete-this's recording scrolled before opening a photo: a path of gallery-share-grandson that looked there
 * (the album, a swipe, a photo, Up, Up) was refused at the photo as committing the album as a form it had edited, where
 * the phone only opens the photo (exploration on a grown graph). Through the CLI: grown-kinds-cli, gallery-share-grandson.
 */
const up = b(0, 80, 136, 240);
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
const CAMERA = ['照片 1', '照片 2', '照片 3', '照片 4', '照片 5', '照片 6', '拍糊了的照片 1', '拍糊了的照片 2'];
const arrow = n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: up });
const albums = page('相册', button('相机', rowAt(0), { resourceId: id('album') }), button('孙子', rowAt(1), { resourceId: id('album') }));
const album = (title: string, photos: string[], first = 0) =>
  page(
    title,
    arrow,
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('photos'),
      scrollable: true,
      bounds: b(0, 300, 1080, 2100),
      children: photos.slice(first, first + 6).map((label, i) => button(label, rowAt(i), { resourceId: id('photo') })),
    }),
  );
const del = b(40, 1900, 520, 2050);
const share = b(560, 1900, 1040, 2050);
const photo = (title: string) =>
  page(title, arrow, button('删除', del, { resourceId: id('delete') }), button('分享', share, { resourceId: id('share') }));
const ALBUM = { activity: 'AlbumActivity' };
const PHOTO = { activity: 'PhotoActivity' };
const down: Action = { type: 'Swipe', from: { x: 500, y: 1500 }, to: { x: 500, y: 900 }, ms: 400 };

describe('a list scrolled on a page another task recorded sets nothing a way off commits', () => {
  const own = taskGraphOf('gallery-share-grandson', [
    demoOf(1, [
      { ui: albums, action: tapAt(rowAt(1)) },
      { ui: album('孙子', ['上学第一天 1', '上学第一天 2']), action: tapAt(rowAt(1)), ...ALBUM },
      { ui: photo('上学第一天 2'), action: tapAt(share), ...PHOTO },
      { ui: page('分享', button('女儿', rowAt(0), { resourceId: id('contact') })), action: tapAt(rowAt(0)), activity: 'ShareActivity' },
      { ui: photo('上学第一天 2'), action: null, ...PHOTO },
    ]),
  ]);
  const other = taskGraphOf('gallery-delete-this', [
    demoOf(2, [
      { ui: albums, action: tapAt(rowAt(0)) },
      { ui: album('相机', CAMERA), action: down, ...ALBUM },
      { ui: album('相机', CAMERA, 2), action: tapAt(rowAt(5)), ...ALBUM },
      { ui: photo('拍糊了的照片 2'), action: tapAt(del), ...PHOTO },
      {
        ui: album(
          '相机',
          CAMERA.filter((p) => p !== '拍糊了的照片 2'),
          2,
        ),
        action: null,
        ...ALBUM,
      },
    ]),
  ]);
  const walk = (actions: readonly Action[]) => walkPath(own, actions, [other]).accepted;
  const shareIt = [tapAt(rowAt(1)), tapAt(rowAt(1)), tapAt(share), tapAt(rowAt(0))];
  const back: Action = { type: 'Back' };

  it('the camera album looked at, scrolled, a photo opened and left, then the grandson photo shared: accepted', () => {
    expect(walk([tapAt(rowAt(0)), down, tapAt(rowAt(5)), back, back, ...shareIt])).toBe(true);
    expect(walk([tapAt(rowAt(0)), down, tapAt(rowAt(5)), tapAt(up), tapAt(up), ...shareIt])).toBe(true);
  });

  it('the photo deleted there (that task done): refused', () => {
    expect(walk([tapAt(rowAt(0)), down, tapAt(rowAt(5)), tapAt(del), back, back, ...shareIt])).toBe(false);
  });
});
