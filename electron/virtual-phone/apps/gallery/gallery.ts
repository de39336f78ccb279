import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { DialogView, ScreenView, Widget } from '../../ui/widgets.js';
import type { Tx } from '../sample-kit/kit.js';
import { tx } from '../sample-kit/kit.js';

/**
 * Gallery: albums → photo list → photo view with share / favourite / delete. A photo can be
 * deleted from its view (trash button) or by long-pressing it in the album: two real paths.
 * Sharing goes to family members (the Chat app's contacts), recorded in `shared`.
 */
export interface Photo {
  id: string;
  album: string;
  n: number;
}
export interface GalleryState {
  photos: Photo[];
  deleted: string[];
  favorites: string[];
  shared: Array<{ id: string; to: string }>;
  lastAlbum: string | null;
}
type Ctx = AppContext<GalleryState>;

export const ALBUMS: Array<Tx & { id: string; count: number; color: string }> = [
  { id: 'camera', en: 'Camera', zh: '相机', count: 14, color: '#7BAAF7' },
  { id: 'grandson', en: 'Grandson', zh: '孙子', count: 8, color: '#F6AEA9' },
  { id: 'screenshots', en: 'Screenshots', zh: '截图', count: 5, color: '#A8DAB5' },
  { id: 'chat', en: 'Chat', zh: '聊天', count: 6, color: '#FDD663' },
];
/** What each album's photos show (cycled), so rows differ and some are recognisably "blurry". */
const SUBJECTS: Record<string, Tx[]> = {
  camera: [
    { en: 'Park flowers', zh: '公园的花' },
    { en: 'Blurry photo', zh: '拍糊了的照片' },
    { en: 'Dinner', zh: '年夜饭' },
    { en: 'Old friends', zh: '老同学聚会' },
    { en: 'Lake', zh: '湖边' },
  ],
  grandson: [
    { en: 'Birthday cake', zh: '生日蛋糕' },
    { en: 'First day at school', zh: '上学第一天' },
    { en: 'Playing ball', zh: '踢球' },
  ],
  screenshots: [
    { en: 'Health code', zh: '健康码' },
    { en: 'Bus timetable', zh: '公交时刻表' },
  ],
  chat: [
    { en: 'Saved image', zh: '保存的图片' },
    { en: 'Greeting card', zh: '早安图' },
  ],
};
export const SHARE_TARGETS: Array<Tx & { id: string }> = [
  { id: 'daughter', en: 'Daughter', zh: '女儿' },
  { id: 'son', en: 'Son', zh: '儿子' },
  { id: 'wife', en: 'Wife', zh: '老伴' },
  { id: 'grandson', en: 'Grandson', zh: '孙子' },
];

function seedPhotos(): Photo[] {
  return ALBUMS.flatMap((a) => Array.from({ length: a.count }, (_, i) => ({ id: `${a.id}-${i + 1}`, album: a.id, n: i + 1 })));
}
const subject = (p: Photo): Tx => {
  const s = SUBJECTS[p.album]!;
  return s[(p.n - 1) % s.length]!;
};
const photoTitle = (ctx: Ctx, p: Photo) => `${tx(ctx, subject(p))} ${p.n}`;
const live = (ctx: Ctx) => ctx.state.photos.filter((p) => !ctx.state.deleted.includes(p.id));

function remove(ctx: Ctx, id: string): void {
  if (!ctx.state.deleted.includes(id)) ctx.state.deleted.push(id);
  ctx.toast(ctx.t('Moved to trash', '已移到回收站'));
}

function albums(ctx: Ctx): ScreenView {
  // "Memories" shows a different photo each day of phone time.
  const photos = live(ctx);
  const memory = photos[Math.floor(ctx.sys.rand(`memory:${Math.floor(ctx.sys.now() / 86_400_000)}`) * photos.length)];
  return {
    title: ctx.t('Albums', '相册'),
    body: [
      ...(memory
        ? [
            {
              kind: 'card' as const,
              id: 'memories',
              desc: ctx.t('Memories', '回忆'),
              color: '#FCE8E6',
              onTap: () => ctx.go('gallery.photo', { id: memory.id }),
              children: [{ kind: 'text' as const, text: `${ctx.t('Memories', '回忆')} · ${photoTitle(ctx, memory)}`, size: 16 }],
            },
          ]
        : []),
      ...ALBUMS.map((a): Widget => ({
        kind: 'row',
        id: 'album_row',
        icon: '▣',
        iconColor: a.color,
        title: tx(ctx, a),
        summary: ctx.t(
          `${live(ctx).filter((p) => p.album === a.id).length} photos`,
          `${live(ctx).filter((p) => p.album === a.id).length} 张`,
        ),
        onTap: () => ctx.go('gallery.album', { album: a.id }),
      })),
    ],
  };
}

function album(ctx: Ctx): ScreenView {
  const id = ctx.params['album'] ?? 'camera';
  ctx.state.lastAlbum = id;
  const a = ALBUMS.find((x) => x.id === id) ?? ALBUMS[0]!;
  const target = live(ctx).find((p) => p.id === ctx.local['menu']);
  const close = () => delete ctx.local['menu'];
  const dialog: DialogView | undefined = target && {
    title: photoTitle(ctx, target),
    items: [
      {
        label: ctx.t('Delete', '删除'),
        onTap: () => {
          remove(ctx, target.id);
          close();
        },
      },
      {
        label: ctx.t('Add to favourites', '收藏'),
        onTap: () => {
          ctx.state.favorites.push(target.id);
          close();
        },
      },
    ],
    negative: { text: ctx.t('Cancel', '取消'), onTap: close },
  };
  return {
    title: tx(ctx, a),
    up: true,
    body: live(ctx)
      .filter((p) => p.album === id)
      .map((p): Widget => ({
        kind: 'row',
        id: 'photo',
        icon: '▣',
        iconColor: a.color,
        title: photoTitle(ctx, p),
        summary: ctx.state.favorites.includes(p.id) ? ctx.t('Favourite', '已收藏') : undefined,
        onTap: () => ctx.go('gallery.photo', { id: p.id }),
        onLongPress: () => (ctx.local['menu'] = p.id),
      })),
    dialog,
  };
}

function photo(ctx: Ctx): ScreenView {
  const p = live(ctx).find((x) => x.id === ctx.params['id']);
  if (!p) return { title: ctx.t('Photo', '照片'), up: true, body: [{ kind: 'text', text: ctx.t('This photo was deleted', '照片已删除') }] };
  const a = ALBUMS.find((x) => x.id === p.album)!;
  const close = () => delete ctx.local['dialog'];
  let dialog: DialogView | undefined;
  if (ctx.local['dialog'] === 'share') {
    dialog = {
      title: ctx.t('Send to', '发送给'),
      items: SHARE_TARGETS.map((t) => ({
        label: tx(ctx, t),
        onTap: () => {
          ctx.state.shared.push({ id: p.id, to: t.id });
          ctx.toast(ctx.t('Sent', '已发送'));
          close();
        },
      })),
      negative: { text: ctx.t('Cancel', '取消'), onTap: close },
    };
  } else if (ctx.local['dialog'] === 'delete') {
    dialog = {
      title: ctx.t('Delete this photo?', '删除这张照片？'),
      positive: {
        text: ctx.t('Delete', '删除'),
        onTap: () => {
          remove(ctx, p.id);
          close();
          ctx.back();
        },
      },
      negative: { text: ctx.t('Cancel', '取消'), onTap: close },
    };
  }
  return {
    title: photoTitle(ctx, p),
    up: true,
    container: 'scroll',
    body: [{ kind: 'image', id: 'photo_view', desc: photoTitle(ctx, p), label: tx(ctx, subject(p)), height: 900, color: a.color }],
    footer: [
      {
        kind: 'buttons',
        buttons: [
          { kind: 'button', id: 'share', text: ctx.t('Share', '分享'), style: 'tonal', onTap: () => (ctx.local['dialog'] = 'share') },
          {
            kind: 'button',
            id: 'favorite',
            text: ctx.state.favorites.includes(p.id) ? ctx.t('Favourited', '已收藏') : ctx.t('Favourite', '收藏'),
            style: 'tonal',
            // A toggle, as in real gallery apps: pressed again, the photo is no longer a favourite.
            onTap: () => {
              if (!ctx.state.favorites.includes(p.id)) ctx.state.favorites.push(p.id);
              else ctx.state.favorites = ctx.state.favorites.filter((x) => x !== p.id);
            },
          },
          { kind: 'button', id: 'delete', text: ctx.t('Delete', '删除'), style: 'tonal', onTap: () => (ctx.local['dialog'] = 'delete') },
        ],
      },
    ],
    dialog,
  };
}

export const galleryApp = defineApp<GalleryState>({
  package: 'com.vphone.gallery',
  label: { en: 'Gallery', zh: '相册' },
  icon: { glyph: '▣', color: '#D93025' },
  versionName: '5.0',
  versionCode: 50,
  home: 'gallery.albums',
  viewLog: ['lastAlbum'],
  initialState: () => ({ photos: seedPhotos(), deleted: [], favorites: [], shared: [], lastAlbum: null }),
  screens: {
    'gallery.albums': { id: 'gallery.albums', activity: 'com.vphone.gallery.AlbumsActivity', render: albums },
    'gallery.album': { id: 'gallery.album', activity: 'com.vphone.gallery.AlbumActivity', render: album },
    'gallery.photo': { id: 'gallery.photo', activity: 'com.vphone.gallery.PhotoActivity', render: photo },
  },
  // Checks read what changed, not the 33-photo list.
  exportState: (s) => ({
    photoCount: s.photos.length - s.deleted.length,
    deleted: s.deleted,
    favorites: s.favorites,
    shared: s.shared,
    sharedTo: s.shared.map((x) => x.to),
    lastAlbum: s.lastAlbum,
  }),
});
