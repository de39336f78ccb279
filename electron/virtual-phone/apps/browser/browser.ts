import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import { rotating, searchBox, tx } from '../sample-kit/kit.js';
import { PAGES, TRENDING, search } from './pages.js';

/**
 * Browser: search box + trending list on the start page (search for a page or browse to it),
 * result pages, a page view with bookmark and text zoom. Ground truth: queries, opened pages,
 * bookmarks, textZoom.
 */
export interface BrowserState {
  history: string[];
  opened: string[];
  bookmarks: string[];
  textZoom: number;
}
type Ctx = AppContext<BrowserState>;
const ZOOMS = [100, 125, 150, 200];

function start(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Browser', '浏览器'),
    actions: [{ glyph: '★', desc: ctx.t('Bookmarks', '书签'), id: 'bookmarks', onTap: () => ctx.go('browser.bookmarks') }],
    body: [
      searchBox(ctx, 'search_box', ctx.t('Search or type web address', '搜索或输入网址'), (q) => {
        ctx.state.history.push(q);
        ctx.go('browser.results', { q });
      }),
      { kind: 'text', text: ctx.t('Trending', '热门资讯'), bold: true, size: 15 },
      // Trending re-ranks every hour of phone time.
      ...rotating(
        ctx,
        'trending',
        PAGES.filter((p) => TRENDING.includes(p.id)),
        3_600_000,
      ).map((pg): Widget => ({
        kind: 'row',
        id: 'trending',
        title: tx(ctx, pg.title),
        onTap: () => ctx.go('browser.page', { id: pg.id }),
      })),
    ],
  };
}

function results(ctx: Ctx): ScreenView {
  const q = ctx.params['q'] ?? '';
  return {
    title: q,
    up: true,
    body:
      q === ''
        ? [{ kind: 'text', text: ctx.t('Type something to search', '请输入要搜索的内容') }]
        : search(q).map((r): Widget => ({
            kind: 'row',
            id: 'result',
            title: tx(ctx, r.title),
            summary: tx(ctx, r.snippet),
            onTap: () => ctx.go('browser.page', { id: r.id, q }),
          })),
  };
}

function page(ctx: Ctx): ScreenView {
  const id = ctx.params['id'] ?? '';
  if (!ctx.state.opened.includes(id)) ctx.state.opened.push(id);
  const pg = PAGES.find((x) => x.id === id);
  const title = pg ? tx(ctx, pg.title) : `${ctx.params['q'] ?? ''} - ${ctx.t('forum', '问答')}`;
  const marked = ctx.state.bookmarks.includes(id);
  const close = () => delete ctx.local['zoom'];
  return {
    title,
    up: true,
    container: 'scroll',
    actions: [
      {
        glyph: marked ? '★' : '☆',
        desc: marked ? ctx.t('Bookmarked', '已收藏') : ctx.t('Bookmark', '收藏网页'),
        id: 'bookmark',
        // A toggle, as on a real phone's browser: the star pressed again takes the bookmark away.
        onTap: () => {
          if (!marked) {
            ctx.state.bookmarks.push(id);
            ctx.toast(ctx.t('Bookmarked', '已加入书签'));
          } else {
            ctx.state.bookmarks = ctx.state.bookmarks.filter((x) => x !== id);
            ctx.toast(ctx.t('Bookmark removed', '已取消收藏'));
          }
        },
      },
      { glyph: 'A', desc: ctx.t('Text size', '文字大小'), id: 'zoom', onTap: () => (ctx.local['zoom'] = true) },
    ],
    body: [
      { kind: 'text', text: title, bold: true, size: Math.round((20 * ctx.state.textZoom) / 100) },
      {
        kind: 'text',
        id: 'page_text',
        text: pg ? tx(ctx, pg.body) : ctx.t('A discussion thread.', '网友讨论帖。'),
        size: Math.round((16 * ctx.state.textZoom) / 100),
      },
    ],
    dialog: ctx.local['zoom']
      ? {
          title: ctx.t('Text size', '文字大小'),
          items: ZOOMS.map((z) => ({
            label: `${z}%`,
            checked: ctx.state.textZoom === z,
            onTap: () => {
              ctx.state.textZoom = z;
              close();
            },
          })),
          negative: { text: ctx.t('Cancel', '取消'), onTap: close },
        }
      : undefined,
  };
}

function bookmarks(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Bookmarks', '书签'),
    up: true,
    body:
      ctx.state.bookmarks.length === 0
        ? [{ kind: 'text', text: ctx.t('No bookmarks yet', '还没有书签') }]
        : ctx.state.bookmarks.map((id): Widget => ({
            kind: 'row',
            title: tx(ctx, PAGES.find((x) => x.id === id)?.title ?? { en: id, zh: id }),
            onTap: () => ctx.go('browser.page', { id }),
          })),
  };
}

export const browserApp = defineApp<BrowserState>({
  package: 'com.vphone.browser',
  label: { en: 'Browser', zh: '浏览器' },
  icon: { glyph: '◎', color: '#1A73E8' },
  versionName: '12.1',
  versionCode: 121,
  home: 'browser.start',
  viewLog: ['history', 'opened'],
  initialState: () => ({ history: [], opened: [], bookmarks: [], textZoom: 100 }),
  screens: {
    'browser.start': { id: 'browser.start', activity: 'com.vphone.browser.MainActivity', render: start },
    'browser.results': { id: 'browser.results', activity: 'com.vphone.browser.MainActivity', render: results },
    'browser.page': { id: 'browser.page', activity: 'com.vphone.browser.MainActivity', render: page },
    'browser.bookmarks': { id: 'browser.bookmarks', activity: 'com.vphone.browser.BookmarksActivity', render: bookmarks },
  },
  exportState: (s) => ({
    ...s,
    lastQuery: s.history.at(-1) ?? null,
    openedTopics: s.opened.map((id) => PAGES.find((x) => x.id === id)?.topic ?? 'web'),
  }),
});
