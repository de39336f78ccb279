import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { Tx } from '../sample-kit/kit.js';
import { matches, rotating, searchBox, tx } from '../sample-kit/kit.js';

/**
 * App Store: featured list, categories, search, app page with Install, and pending updates.
 * Installing only changes this app's state (the phone cannot run APKs); checks read
 * `installed` / `installedCategories` / `updatesPending`. Search or browse a category: two paths.
 */
export interface StoreState {
  installed: string[];
  updatesPending: string[];
}
type Ctx = AppContext<StoreState>;
interface Listing {
  id: string;
  cat: string;
  name: Tx;
  blurb: Tx;
}

export const CATEGORIES: Array<Tx & { id: string }> = [
  { id: 'cards', en: 'Card & board games', zh: '棋牌游戏' },
  { id: 'medical', en: 'Health & medical', zh: '医疗健康' },
  { id: 'video', en: 'Video', zh: '视频' },
  { id: 'tools', en: 'Tools', zh: '实用工具' },
];
const L = (id: string, cat: string, en: string, zh: string, ben: string, bzh: string): Listing => ({
  id,
  cat,
  name: { en, zh },
  blurb: { en: ben, zh: bzh },
});
export const LISTINGS: Listing[] = [
  L('doudizhu', 'cards', 'Fight the Landlord', '欢乐斗地主', 'Classic card game', '经典扑克牌游戏'),
  L('mahjong', 'cards', 'Mahjong Classic', '老年麻将', 'Big tiles, easy rules', '大字麻将，规则简单'),
  L('xiangqi', 'cards', 'Chinese Chess', '中国象棋', 'Play against the computer', '人机对弈'),
  L('guandan', 'cards', 'Guandan', '掼蛋', 'Play with friends', '和朋友一起打'),
  L('hospital', 'medical', 'Hospital Appointments', '挂号网', 'Book a doctor online', '网上预约挂号'),
  L('pillbox', 'medical', 'Pill Reminder', '吃药提醒', 'Never miss a dose', '按时吃药不忘记'),
  L('healthcode', 'medical', 'Health Records', '健康档案', 'Your check-up reports', '查看体检报告'),
  L('opera-tv', 'video', 'Opera TV', '戏曲大全', 'Peking and Huangmei opera', '京剧黄梅戏随时看'),
  L('short-video', 'video', 'Short Videos', '短视频', 'Funny clips', '搞笑小视频'),
  L('dance', 'video', 'Square Dance', '广场舞教学', 'Learn new routines', '学跳新舞'),
  L('magnifier', 'tools', 'Magnifier', '放大镜', 'Read small print', '看清小字'),
  L('flashlight', 'tools', 'Flashlight', '手电筒', 'Bright light', '一键照明'),
  L('voice-input', 'tools', 'Voice Typing', '语音输入法', 'Speak instead of typing', '说话就能打字'),
  L('radio', 'tools', 'Radio', '收音机', 'Local stations', '本地电台'),
  L('weather-pro', 'tools', 'Weather Plus', '天气通', 'Hourly forecasts', '逐小时预报'),
  L('taxi', 'tools', 'Taxi', '打车', 'Call a car', '一键叫车'),
];
const find = (id: string | undefined) => LISTINGS.find((x) => x.id === id);

const row = (ctx: Ctx, l: Listing): Widget => ({
  kind: 'row',
  id: 'app_listing',
  icon: [...tx(ctx, l.name)][0] ?? '?',
  iconColor: '#01875F',
  title: tx(ctx, l.name),
  summary: tx(ctx, l.blurb),
  trailing: { kind: 'text', text: ctx.state.installed.includes(l.id) ? ctx.t('Installed', '已安装') : ctx.t('Get', '获取') },
  onTap: () => ctx.go('store.app', { id: l.id }),
});

function home(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('App Store', '应用商店'),
    actions: [
      {
        glyph: '⟳',
        desc: ctx.t(`Updates (${ctx.state.updatesPending.length})`, `更新（${ctx.state.updatesPending.length}）`),
        id: 'updates',
        onTap: () => ctx.go('store.updates'),
      },
    ],
    body: [
      searchBox(ctx, 'search', ctx.t('Search apps', '搜索应用'), (q) => ctx.go('store.search', { q })),
      { kind: 'text', text: ctx.t('Categories', '分类'), bold: true, size: 15 },
      ...CATEGORIES.map((c): Widget => ({
        kind: 'row',
        id: 'category',
        title: tx(ctx, c),
        onTap: () => ctx.go('store.category', { id: c.id }),
      })),
      { kind: 'text', text: ctx.t('Recommended', '精品推荐'), bold: true, size: 15 },
      ...rotating(ctx, 'featured', LISTINGS, 600_000).map((l) => row(ctx, l)),
    ],
  };
}

function searchScreen(ctx: Ctx): ScreenView {
  const q = ctx.params['q'] ?? '';
  const hits = LISTINGS.filter(
    (l) =>
      matches(l.name, q) ||
      matches(l.blurb, q) ||
      matches(
        CATEGORIES.find((c) => c.id === l.cat)!,
        q,
      ),
  );
  return {
    title: q,
    up: true,
    body: hits.length ? hits.map((l) => row(ctx, l)) : [{ kind: 'text', text: ctx.t('No apps found', '没有找到应用') }],
  };
}

function category(ctx: Ctx): ScreenView {
  const c = CATEGORIES.find((x) => x.id === ctx.params['id']) ?? CATEGORIES[0]!;
  return { title: tx(ctx, c), up: true, body: LISTINGS.filter((l) => l.cat === c.id).map((l) => row(ctx, l)) };
}

function appPage(ctx: Ctx): ScreenView {
  const l = find(ctx.params['id']) ?? LISTINGS[0]!;
  const installed = ctx.state.installed.includes(l.id);
  return {
    title: tx(ctx, l.name),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', text: tx(ctx, l.name), sub: tx(ctx, l.blurb), size: 36 },
      {
        kind: 'text',
        text: `${tx(
          ctx,
          CATEGORIES.find((c) => c.id === l.cat)!,
        )} · ${ctx.t('4.6 stars', '4.6 分')}`,
        color: '#44474F',
      },
      {
        kind: 'button',
        id: 'install',
        text: installed ? ctx.t('Installed', '已安装') : ctx.t('Install', '安装'),
        enabled: !installed,
        onTap: () => {
          ctx.state.installed.push(l.id);
          ctx.toast(ctx.t('Installed', '安装完成'));
        },
      },
    ],
  };
}

function updates(ctx: Ctx): ScreenView {
  const list = ctx.state.updatesPending.map(find).filter((l): l is Listing => !!l);
  return {
    title: ctx.t('Updates', '应用更新'),
    up: true,
    body:
      list.length === 0
        ? [{ kind: 'text', text: ctx.t('All apps are up to date', '所有应用都是最新版本') }]
        : [
            { kind: 'button', id: 'update_all', text: ctx.t('Update all', '全部更新'), onTap: () => (ctx.state.updatesPending = []) },
            ...list.map((l): Widget => ({
              kind: 'row',
              title: tx(ctx, l.name),
              trailing: {
                kind: 'icon',
                glyph: '⟳',
                id: 'update_one',
                desc: ctx.t(`Update ${l.name.en}`, `更新${l.name.zh}`),
                onTap: () => (ctx.state.updatesPending = ctx.state.updatesPending.filter((x) => x !== l.id)),
              },
            })),
          ],
  };
}

export const appStoreApp = defineApp<StoreState>({
  package: 'com.vphone.appstore',
  label: { en: 'App Store', zh: '应用商店' },
  icon: { glyph: '◆', color: '#01875F' },
  versionName: '40.1',
  versionCode: 401,
  home: 'store.home',
  initialState: () => ({ installed: ['weather-pro'], updatesPending: ['weather-pro', 'radio', 'flashlight'] }),
  screens: {
    'store.home': { id: 'store.home', activity: 'com.vphone.appstore.MainActivity', render: home },
    'store.search': { id: 'store.search', activity: 'com.vphone.appstore.SearchActivity', render: searchScreen },
    'store.category': { id: 'store.category', activity: 'com.vphone.appstore.CategoryActivity', render: category },
    'store.app': { id: 'store.app', activity: 'com.vphone.appstore.DetailsActivity', render: appPage },
    'store.updates': { id: 'store.updates', activity: 'com.vphone.appstore.UpdatesActivity', render: updates },
  },
  exportState: (s) => ({ ...s, installedCategories: [...new Set(s.installed.map((id) => find(id)?.cat ?? ''))] }),
  installedPackages: (s) => s.installed.map((id) => `com.vphone.store.${id.replace(/[^A-Za-z0-9]/g, '_')}`),
});
