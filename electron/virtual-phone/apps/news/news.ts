import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { DialogView, ScreenView, Widget } from '../../ui/widgets.js';
import type { Tx } from '../sample-kit/kit.js';
import { tx } from '../sample-kit/kit.js';

/**
 * News: headlines by category (the "For you" order rotates each minute of phone time), an
 * article view, saved articles, and a text size that can be changed from the article ("Aa"
 * dialog) or from the settings page: two paths to the same `textSize`.
 */
export type TextSize = 'small' | 'medium' | 'large' | 'huge';
export interface NewsState {
  textSize: TextSize;
  read: string[];
  saved: string[];
}
type Ctx = AppContext<NewsState>;
interface Article {
  id: string;
  cat: string;
  title: Tx;
  body: Tx;
}

export const CATS: Array<Tx & { id: string }> = [
  { id: 'all', en: 'For you', zh: '推荐' },
  { id: 'health', en: 'Health', zh: '健康' },
  { id: 'local', en: 'Local', zh: '本地' },
  { id: 'sports', en: 'Sports', zh: '体育' },
];
const A = (id: string, cat: string, en: string, zh: string, ben: string, bzh: string): Article => ({
  id,
  cat,
  title: { en, zh },
  body: { en: ben, zh: bzh },
});
export const ARTICLES: Article[] = [
  A(
    'n1',
    'health',
    'Walking after dinner: how long is right?',
    '饭后散步走多久最养生',
    'Twenty to thirty minutes at an easy pace.',
    '慢走二三十分钟最合适。',
  ),
  A(
    'n2',
    'health',
    'Five foods that protect your eyes',
    '护眼的五种食物',
    'Carrots, spinach, eggs, fish and goji.',
    '胡萝卜、菠菜、鸡蛋、鱼和枸杞。',
  ),
  A(
    'n3',
    'health',
    'Autumn wellness: keep warm, drink water',
    '秋季养生：保暖多喝水',
    'Nights get cold; drink warm water.',
    '早晚温差大，多喝温水。',
  ),
  A(
    'n4',
    'local',
    "New bus line to the People's Hospital",
    '开通直达人民医院的公交新线路',
    'Line 302 starts Monday.',
    '302 路公交周一开通。',
  ),
  A('n5', 'local', 'Community canteen opens for seniors', '社区老年食堂开张', 'Meals cost 10 yuan for over-60s.', '60 岁以上每餐 10 元。'),
  A('n6', 'local', 'Park renovation finished', '人民公园改造完工', 'New benches and a walking path.', '新增座椅和步道。'),
  A('n7', 'sports', 'Table tennis: national team wins', '乒乓球国家队夺冠', 'A 3-1 win in the final.', '决赛 3 比 1 获胜。'),
  A(
    'n8',
    'sports',
    "Seniors' tai chi contest this weekend",
    '本周末举行老年太极拳比赛',
    'Sign up at the community centre.',
    '到社区中心报名。',
  ),
  A(
    'n9',
    'health',
    'Flu shots free for over-60s',
    '60 岁以上免费打流感疫苗',
    'Bring your ID card to the clinic.',
    '带身份证到社区医院接种。',
  ),
  A('n10', 'local', 'Water cut on Thursday morning', '周四上午停水通知', 'From 8 to 12 in the east district.', '东区 8 点到 12 点停水。'),
  A('n11', 'sports', 'Marathon closes roads on Sunday', '周日马拉松部分道路封闭', 'Plan trips around the route.', '请提前规划出行。'),
  A(
    'n12',
    'health',
    'Sleep better without pills',
    '不吃药也能睡好觉',
    'Keep regular hours and get morning light.',
    '规律作息，多晒早上的太阳。',
  ),
  A('n13', 'local', 'Pension day moved to the 10th', '养老金发放日调整到 10 号', 'Banks open early that day.', '当天银行提前开门。'),
  A('n14', 'sports', 'Square dance festival', '广场舞大赛开幕', 'Forty teams take part.', '四十支队伍参赛。'),
];
const SIZES: Array<Tx & { id: TextSize; scale: number }> = [
  { id: 'small', en: 'Small', zh: '小', scale: 0.85 },
  { id: 'medium', en: 'Medium', zh: '标准', scale: 1 },
  { id: 'large', en: 'Large', zh: '大', scale: 1.3 },
  { id: 'huge', en: 'Extra large', zh: '超大', scale: 1.6 },
];
const scale = (ctx: Ctx) => SIZES.find((s) => s.id === ctx.state.textSize)?.scale ?? 1;

function feed(ctx: Ctx): ScreenView {
  const cat = (ctx.local['cat'] ??= 'all') as string;
  let list = ARTICLES.filter((a) => cat === 'all' || a.cat === cat);
  if (cat === 'all') {
    // "For you" is re-ranked each minute, like a real feed: agents must read, not memorise.
    const minute = Math.floor(ctx.sys.now() / 60_000);
    list = [...list].sort((a, b) => ctx.sys.rand(`news:${minute}:${a.id}`) - ctx.sys.rand(`news:${minute}:${b.id}`));
  }
  return {
    title: ctx.t('News', '新闻'),
    actions: [
      { glyph: '⚙', desc: ctx.t('Settings', '设置'), id: 'settings', onTap: () => ctx.go('news.settings') },
      { glyph: '★', desc: ctx.t('Saved', '我的收藏'), id: 'saved', onTap: () => ctx.go('news.saved') },
    ],
    body: [
      {
        kind: 'tabs',
        id: 'categories',
        tabs: CATS.map((c) => ({ label: tx(ctx, c), selected: c.id === cat, onTap: () => (ctx.local['cat'] = c.id) })),
      },
      ...list.map((a): Widget => ({
        kind: 'row',
        id: 'headline',
        title: tx(ctx, a.title),
        summary: tx(
          ctx,
          CATS.find((c) => c.id === a.cat)!,
        ),
        onTap: () => ctx.go('news.article', { id: a.id }),
      })),
    ],
  };
}

const sizeItems = (ctx: Ctx, after: () => void) =>
  SIZES.map((s) => ({
    label: tx(ctx, s),
    checked: s.id === ctx.state.textSize,
    onTap: () => {
      ctx.state.textSize = s.id;
      after();
    },
  }));

function article(ctx: Ctx): ScreenView {
  const a = ARTICLES.find((x) => x.id === ctx.params['id']) ?? ARTICLES[0]!;
  if (!ctx.state.read.includes(a.id)) ctx.state.read.push(a.id);
  const saved = ctx.state.saved.includes(a.id);
  const close = () => delete ctx.local['size'];
  const dialog: DialogView | undefined = ctx.local['size']
    ? { title: ctx.t('Text size', '字体大小'), items: sizeItems(ctx, close), negative: { text: ctx.t('Cancel', '取消'), onTap: close } }
    : undefined;
  return {
    title: tx(
      ctx,
      CATS.find((c) => c.id === a.cat)!,
    ),
    up: true,
    container: 'scroll',
    actions: [
      { glyph: 'A', desc: ctx.t('Text size', '字体大小'), id: 'text_size', onTap: () => (ctx.local['size'] = true) },
      {
        glyph: saved ? '★' : '☆',
        desc: saved ? ctx.t('Saved', '已收藏') : ctx.t('Save', '收藏'),
        id: 'save',
        // A toggle, as in real news apps: pressed again, the article is no longer saved.
        onTap: () => {
          if (!saved) {
            ctx.state.saved.push(a.id);
            ctx.toast(ctx.t('Saved', '已收藏'));
          } else {
            ctx.state.saved = ctx.state.saved.filter((x) => x !== a.id);
            ctx.toast(ctx.t('Removed from saved', '已取消收藏'));
          }
        },
      },
    ],
    body: [
      { kind: 'text', id: 'article_title', text: tx(ctx, a.title), bold: true, size: Math.round(22 * scale(ctx)) },
      { kind: 'text', id: 'article_body', text: tx(ctx, a.body), size: Math.round(16 * scale(ctx)) },
    ],
    dialog,
  };
}

function settings(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Settings', '设置'),
    up: true,
    body: [
      { kind: 'text', text: ctx.t('Text size', '字体大小'), bold: true, size: 14 },
      ...SIZES.map((s): Widget => ({
        kind: 'row',
        id: `size_${s.id}`,
        title: tx(ctx, s),
        selected: s.id === ctx.state.textSize,
        trailing: s.id === ctx.state.textSize ? { kind: 'text', text: '✓' } : undefined,
        onTap: () => (ctx.state.textSize = s.id),
      })),
    ],
  };
}

function savedList(ctx: Ctx): ScreenView {
  const list = ARTICLES.filter((a) => ctx.state.saved.includes(a.id));
  return {
    title: ctx.t('Saved', '我的收藏'),
    up: true,
    body: list.length
      ? list.map((a): Widget => ({ kind: 'row', title: tx(ctx, a.title), onTap: () => ctx.go('news.article', { id: a.id }) }))
      : [{ kind: 'text', text: ctx.t('Nothing saved', '还没有收藏') }],
  };
}

export const newsApp = defineApp<NewsState>({
  package: 'com.vphone.news',
  label: { en: 'News', zh: '新闻' },
  icon: { glyph: '▤', color: '#C5221F' },
  versionName: '6.0',
  versionCode: 60,
  home: 'news.feed',
  viewLog: ['read'],
  initialState: () => ({ textSize: 'medium', read: [], saved: [] }),
  screens: {
    'news.feed': { id: 'news.feed', activity: 'com.vphone.news.MainActivity', render: feed },
    'news.article': { id: 'news.article', activity: 'com.vphone.news.ArticleActivity', render: article },
    'news.settings': { id: 'news.settings', activity: 'com.vphone.news.SettingsActivity', render: settings },
    'news.saved': { id: 'news.saved', activity: 'com.vphone.news.SavedActivity', render: savedList },
  },
  exportState: (s) => ({ ...s, readCategories: [...new Set(s.read.map((id) => ARTICLES.find((a) => a.id === id)?.cat ?? ''))] }),
});
