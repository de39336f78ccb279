import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { Tx } from '../sample-kit/kit.js';
import { bottomTabs, matches, rotating, searchBox, tx } from '../sample-kit/kit.js';

/**
 * Music: a song list (search it, or browse by genre), a player with play/pause, a mini player
 * on the list. Ground truth: `current`, `playing`, `recent`, plus `currentGenre` in the export.
 */
export interface MusicState {
  current: string | null;
  playing: boolean;
  recent: string[];
  favorites: string[];
}
type Ctx = AppContext<MusicState>;
interface Song {
  id: string;
  genre: string;
  title: Tx;
  artist: Tx;
}

export const GENRES: Array<Tx & { id: string }> = [
  { id: 'huangmei', en: 'Huangmei opera', zh: '黄梅戏' },
  { id: 'peking', en: 'Peking opera', zh: '京剧' },
  { id: 'red', en: 'Classic songs', zh: '红歌' },
  { id: 'folk', en: 'Folk songs', zh: '民歌' },
  { id: 'pop', en: 'Oldies', zh: '老歌金曲' },
];
const S = (id: string, genre: string, en: string, zh: string, aen: string, azh: string): Song => ({
  id,
  genre,
  title: { en, zh },
  artist: { en: aen, zh: azh },
});
export const SONGS: Song[] = [
  S('s1', 'pop', 'The Moon Represents My Heart', '月亮代表我的心', 'Teresa Teng', '邓丽君'),
  S('s2', 'pop', 'Sweet as Honey', '甜蜜蜜', 'Teresa Teng', '邓丽君'),
  S('s3', 'red', 'Ode to the Motherland', '歌唱祖国', 'Choir', '合唱团'),
  S('s4', 'red', 'My Motherland', '我的祖国', 'Guo Lanying', '郭兰英'),
  S('s5', 'folk', 'Jasmine Flower', '茉莉花', 'Song Zuying', '宋祖英'),
  S('s6', 'folk', 'Little River Flowing', '小河淌水', 'Gong Linna', '龚琳娜'),
  S('s7', 'huangmei', 'The Heavenly Match', '天仙配', 'Yan Fengying', '严凤英'),
  S('s8', 'huangmei', 'The Female Prince Consort', '女驸马', 'Yan Fengying', '严凤英'),
  S('s9', 'peking', 'Farewell My Concubine', '霸王别姬', 'Mei Lanfang', '梅兰芳'),
  S('s10', 'peking', 'The Drunken Concubine', '贵妃醉酒', 'Mei Lanfang', '梅兰芳'),
  S('s11', 'pop', 'Small Town Story', '小城故事', 'Teresa Teng', '邓丽君'),
  S('s12', 'folk', 'On the Sun Island', '太阳岛上', 'Zheng Xulan', '郑绪岚'),
  S('s13', 'red', 'Nanniwan', '南泥湾', 'Guo Lanying', '郭兰英'),
  S('s14', 'pop', 'Tomorrow Will Be Better', '明天会更好', 'Various', '群星'),
  S('s15', 'huangmei', 'Fishing Grandpa', '打猪草', 'Wu Qiong', '吴琼'),
  S('s16', 'peking', 'Empty City Strategy', '空城计', 'Ma Lianliang', '马连良'),
  S('s17', 'folk', 'Kangding Love Song', '康定情歌', 'Choir', '合唱团'),
  S('s18', 'pop', 'Friends', '朋友', 'Wakin Chau', '周华健'),
  S('s19', 'red', 'Sailing the Seas', '大海航行靠舵手', 'Choir', '合唱团'),
  S('s20', 'pop', 'Tonight', '难忘今宵', 'Li Guyi', '李谷一'),
];
const song = (id: string | null) => SONGS.find((s) => s.id === id);

function play(ctx: Ctx, id: string): void {
  ctx.state.current = id;
  ctx.state.playing = true;
  ctx.state.recent = [id, ...ctx.state.recent.filter((x) => x !== id)].slice(0, 10);
  ctx.go('music.player');
}
const songRow = (ctx: Ctx, s: Song, note?: string): Widget => ({
  kind: 'row',
  id: note ? 'daily_pick' : 'song',
  icon: '♪',
  iconColor: '#E8710A',
  title: tx(ctx, s.title),
  summary: `${note ? `${note} · ` : ''}${tx(ctx, s.artist)} · ${tx(
    ctx,
    GENRES.find((g) => g.id === s.genre)!,
  )}`,
  onTap: () => play(ctx, s.id),
});
const TABS: Array<[string, string, string, string]> = [
  ['music.library', 'Songs', '歌曲', '♪'],
  ['music.genres', 'Genres', '分类', '☰'],
  ['music.recent', 'Recent', '最近播放', '◷'],
];

function miniPlayer(ctx: Ctx): Widget[] {
  const s = song(ctx.state.current);
  if (!s) return [];
  return [
    {
      kind: 'row',
      id: 'mini_player',
      title: tx(ctx, s.title),
      summary: ctx.state.playing ? ctx.t('Playing', '正在播放') : ctx.t('Paused', '已暂停'),
      onTap: () => ctx.go('music.player'),
      trailing: {
        kind: 'icon',
        glyph: ctx.state.playing ? '❚❚' : '▶',
        desc: ctx.state.playing ? ctx.t('Pause', '暂停') : ctx.t('Play', '播放'),
        id: 'mini_play_pause',
        onTap: () => (ctx.state.playing = !ctx.state.playing),
      },
    },
  ];
}

function library(ctx: Ctx): ScreenView {
  const q = ctx.local['q'] as string | undefined;
  const list = q
    ? SONGS.filter(
        (s) =>
          matches(s.title, q) ||
          matches(s.artist, q) ||
          matches(
            GENRES.find((g) => g.id === s.genre)!,
            q,
          ),
      )
    : SONGS;
  return {
    title: ctx.t('Music', '音乐'),
    body: [
      searchBox(ctx, 'search', ctx.t('Search songs, singers, opera', '搜索歌曲、歌手、戏曲'), (v) => (ctx.local['q'] = v)),
      // The daily pick changes with the phone's date.
      ...(q
        ? []
        : rotating(ctx, 'daily', SONGS, 86_400_000)
            .slice(0, 1)
            .map((s) => songRow(ctx, s, ctx.t('Daily pick', '每日推荐')))),
      ...(q && list.length === 0 ? [{ kind: 'text' as const, text: ctx.t('No results', '没有找到') }] : []),
      ...list.map((s) => songRow(ctx, s)),
    ],
    footer: [...miniPlayer(ctx), bottomTabs(ctx, 'music.library', TABS)],
  };
}

function genres(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Genres', '分类'),
    body: GENRES.map((g): Widget => ({ kind: 'row', id: 'genre', title: tx(ctx, g), onTap: () => ctx.go('music.genre', { id: g.id }) })),
    footer: [...miniPlayer(ctx), bottomTabs(ctx, 'music.genres', TABS)],
  };
}

function genre(ctx: Ctx): ScreenView {
  const g = GENRES.find((x) => x.id === ctx.params['id']) ?? GENRES[0]!;
  return { title: tx(ctx, g), up: true, body: SONGS.filter((s) => s.genre === g.id).map((s) => songRow(ctx, s)), footer: miniPlayer(ctx) };
}

function recent(ctx: Ctx): ScreenView {
  const list = ctx.state.recent.map(song).filter((s): s is Song => !!s);
  return {
    title: ctx.t('Recently played', '最近播放'),
    body: list.length ? list.map((s) => songRow(ctx, s)) : [{ kind: 'text', text: ctx.t('Nothing yet', '还没有播放记录') }],
    footer: [...miniPlayer(ctx), bottomTabs(ctx, 'music.recent', TABS)],
  };
}

function player(ctx: Ctx): ScreenView {
  const s = song(ctx.state.current);
  if (!s)
    return { title: ctx.t('Now playing', '正在播放'), up: true, body: [{ kind: 'text', text: ctx.t('Nothing playing', '没有在播放') }] };
  const fav = ctx.state.favorites.includes(s.id);
  return {
    title: ctx.t('Now playing', '正在播放'),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'image', desc: ctx.t('Album art', '专辑封面'), height: 600, color: '#FBBC04', label: '♪' },
      { kind: 'bigtext', id: 'song_title', text: tx(ctx, s.title), sub: tx(ctx, s.artist), size: 40 },
      {
        kind: 'buttons',
        buttons: [
          {
            kind: 'button',
            id: 'prev',
            text: ctx.t('Previous', '上一首'),
            style: 'tonal',
            onTap: () => {
              const i = SONGS.indexOf(s);
              ctx.state.current = SONGS[(i + SONGS.length - 1) % SONGS.length]!.id;
            },
          },
          {
            kind: 'button',
            id: 'play_pause',
            text: ctx.state.playing ? ctx.t('Pause', '暂停') : ctx.t('Play', '播放'),
            onTap: () => (ctx.state.playing = !ctx.state.playing),
          },
          {
            kind: 'button',
            id: 'next',
            text: ctx.t('Next', '下一首'),
            style: 'tonal',
            onTap: () => {
              const i = SONGS.indexOf(s);
              ctx.state.current = SONGS[(i + 1) % SONGS.length]!.id;
            },
          },
        ],
      },
      {
        kind: 'button',
        id: 'favorite',
        text: fav ? ctx.t('Liked', '已收藏') : ctx.t('Like', '收藏'),
        style: 'text',
        // A toggle, as in real music apps: pressed again, the song is no longer liked.
        onTap: () => {
          if (!fav) ctx.state.favorites.push(s.id);
          else ctx.state.favorites = ctx.state.favorites.filter((x) => x !== s.id);
        },
      },
    ],
  };
}

export const musicApp = defineApp<MusicState>({
  package: 'com.vphone.music',
  label: { en: 'Music', zh: '音乐' },
  icon: { glyph: '♪', color: '#E8710A' },
  versionName: '8.4',
  versionCode: 84,
  home: 'music.library',
  viewLog: ['recent'],
  initialState: () => ({ current: null, playing: false, recent: [], favorites: [] }),
  screens: {
    'music.library': { id: 'music.library', activity: 'com.vphone.music.MainActivity', render: library },
    'music.genres': { id: 'music.genres', activity: 'com.vphone.music.MainActivity', render: genres },
    'music.genre': { id: 'music.genre', activity: 'com.vphone.music.GenreActivity', render: genre },
    'music.recent': { id: 'music.recent', activity: 'com.vphone.music.MainActivity', render: recent },
    'music.player': { id: 'music.player', activity: 'com.vphone.music.PlayerActivity', render: player },
  },
  exportState: (s) => ({ ...s, currentGenre: song(s.current)?.genre ?? null }),
});
