import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import { bottomTabs, matches, searchBox, tx } from '../sample-kit/kit.js';
import type { Place } from './places.js';
import { CHIPS, MODES, PLACES, place } from './places.js';
import { dateFormat } from '../../device/date-format.js';

/**
 * Maps: search a place or tap a nearby category, place page (route, ride, save), route page with
 * travel modes and "Start", and ride-hailing (from a place page or from the Ride tab with a
 * destination list). Ground truth: `nav` {place, mode}, `ride` {to, car}, `favorites`, `lastPlace`.
 */
export interface MapsState {
  nav: { place: string; mode: string } | null;
  ride: { to: string; car: string } | null;
  favorites: string[];
  lastPlace: string | null;
}
type Ctx = AppContext<MapsState>;
const TABS: Array<[string, string, string, string]> = [
  ['maps.home', 'Explore', '首页', '◎'],
  ['maps.ride', 'Ride', '打车', '▶'],
];
const km = (ctx: Ctx, m: number) =>
  m < 1000 ? ctx.t(`${m} m`, `${m}米`) : ctx.t(`${(m / 1000).toFixed(1)} km`, `${(m / 1000).toFixed(1)}公里`);
const placeRow = (ctx: Ctx, p: Place, icon = '◉'): Widget => ({
  kind: 'row',
  id: 'place_row',
  icon,
  iconColor: '#1A73E8',
  title: tx(ctx, p.name),
  summary: km(ctx, p.dist),
  onTap: () => ctx.go('maps.place', { id: p.id }),
});

function home(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Maps', '地图'),
    body: [
      searchBox(ctx, 'search', ctx.t('Search places', '搜索地点'), (q) => ctx.go('maps.results', { q })),
      {
        kind: 'image',
        id: 'map',
        desc: ctx.t('Map of your area', '附近地图'),
        height: 420,
        color: '#E8F0E3',
        label: ctx.t('You are here', '我的位置'),
      },
      {
        kind: 'grid',
        id: 'nearby',
        columns: 4,
        cellHeight: 64,
        cells: CHIPS.map((c) => ({
          kind: 'button' as const,
          id: `chip_${c.cat}`,
          text: tx(ctx, c),
          style: 'tonal' as const,
          onTap: () => ctx.go('maps.results', { cat: c.cat }),
        })),
      },
      {
        kind: 'row',
        id: 'home_place',
        icon: '⌂',
        title: ctx.t('Home', '回家'),
        summary: tx(ctx, place('home')!.name),
        onTap: () => ctx.go('maps.place', { id: 'home' }),
      },
      ...ctx.state.favorites
        .map((id) => place(id))
        .filter((p): p is Place => !!p)
        .map((p) => placeRow(ctx, p, '★')),
    ],
    footer: [bottomTabs(ctx, 'maps.home', TABS)],
  };
}

function results(ctx: Ctx): ScreenView {
  const q = ctx.params['q'];
  const cat = ctx.params['cat'];
  const chip = CHIPS.find((c) => c.cat === cat);
  const list = PLACES.filter((p) =>
    cat ? p.cat === cat : matches(p.name, q ?? '') || (chip === undefined && CHIPS.some((c) => c.cat === p.cat && matches(c, q ?? ''))),
  ).sort((a, b) => a.dist - b.dist);
  return {
    title: q ?? (chip ? tx(ctx, chip) : ''),
    up: true,
    body: list.length ? list.map((p) => placeRow(ctx, p)) : [{ kind: 'text', text: ctx.t('No places found', '没有找到相关地点') }],
  };
}

function placePage(ctx: Ctx): ScreenView {
  const p = place(ctx.params['id']) ?? PLACES[0]!;
  ctx.state.lastPlace = p.id;
  const saved = ctx.state.favorites.includes(p.id);
  // A toggle, as in real map apps: the star (or 已收藏) pressed again takes the place off the saved list.
  const save = () => {
    if (!saved) {
      ctx.state.favorites.push(p.id);
      ctx.toast(ctx.t('Saved', '已收藏'));
    } else {
      ctx.state.favorites = ctx.state.favorites.filter((x) => x !== p.id);
      ctx.toast(ctx.t('Removed from saved', '已取消收藏'));
    }
  };
  return {
    title: tx(ctx, p.name),
    up: true,
    container: 'scroll',
    actions: [{ glyph: saved ? '★' : '☆', desc: saved ? ctx.t('Saved', '已收藏') : ctx.t('Save', '收藏'), id: 'save_star', onTap: save }],
    body: [
      { kind: 'image', desc: tx(ctx, p.name), height: 360, color: '#E8F0E3', label: '◉' },
      { kind: 'row', title: tx(ctx, p.name), summary: km(ctx, p.dist) },
      {
        kind: 'buttons',
        buttons: [
          { kind: 'button', id: 'route', text: ctx.t('Directions', '路线'), onTap: () => ctx.go('maps.route', { id: p.id }) },
          {
            kind: 'button',
            id: 'ride',
            text: ctx.t('Ride', '打车'),
            style: 'tonal',
            onTap: () => ctx.go('maps.ride_confirm', { to: p.id }),
          },
        ],
      },
      { kind: 'button', id: 'save', text: saved ? ctx.t('Saved', '已收藏') : ctx.t('Save place', '收藏地点'), style: 'text', onTap: save },
    ],
  };
}

function route(ctx: Ctx): ScreenView {
  const p = place(ctx.params['id']) ?? PLACES[0]!;
  const mode = (ctx.local['mode'] ??= 'bus') as string;
  const m = MODES.find((x) => x.id === mode)!;
  const hour = Number(dateFormat('en-GB', { timeZone: ctx.sys.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(ctx.sys.now()));
  const rush = (mode === 'bus' || mode === 'drive') && [8, 9, 17, 18].includes(hour) ? 1.6 : 1; // rush hours on the phone's clock
  const minutes = Math.max(3, Math.round((p.dist / m.speed) * rush * (0.9 + 0.2 * ctx.sys.rand(`traffic:${hour}:${p.id}`))));
  return {
    title: `${ctx.t('To', '到')} ${tx(ctx, p.name)}`,
    up: true,
    body: [
      {
        kind: 'tabs',
        id: 'modes',
        tabs: MODES.map((x) => ({ label: tx(ctx, x), selected: x.id === mode, onTap: () => (ctx.local['mode'] = x.id) })),
      },
      { kind: 'bigtext', id: 'eta', text: ctx.t(`${minutes} min`, `${minutes} 分钟`), sub: km(ctx, p.dist), size: 44 },
      {
        kind: 'button',
        id: 'start',
        text: ctx.t('Start', '开始导航'),
        onTap: () => {
          ctx.state.nav = { place: p.id, mode };
          ctx.go('maps.navigating');
        },
      },
    ],
  };
}

function navigating(ctx: Ctx): ScreenView {
  const nav = ctx.state.nav;
  const p = place(nav?.place);
  return {
    title: ctx.t('Navigating', '导航中'),
    body: [
      { kind: 'image', desc: ctx.t('Route map', '路线图'), height: 700, color: '#D2E3FC', label: '↑' },
      { kind: 'bigtext', text: p ? tx(ctx, p.name) : '', sub: tx(ctx, MODES.find((m) => m.id === nav?.mode) ?? MODES[0]!), size: 36 },
    ],
    footer: [
      {
        kind: 'button',
        id: 'end',
        text: ctx.t('End', '结束导航'),
        style: 'tonal',
        onTap: () => {
          ctx.state.nav = null;
          ctx.back();
        },
      },
    ],
  };
}

function ride(ctx: Ctx): ScreenView {
  const list = [
    place('home')!,
    place('daughter')!,
    ...ctx.state.favorites.map((id) => place(id)).filter((p): p is Place => !!p && p.id !== 'home' && p.id !== 'daughter'),
  ];
  return {
    title: ctx.t('Ride', '打车'),
    body: [
      searchBox(ctx, 'destination', ctx.t('Where to?', '您要去哪儿'), (q) => ctx.go('maps.results', { q })),
      { kind: 'text', text: ctx.t('Frequent', '常去的地方'), bold: true, size: 14 },
      ...list.map((p): Widget => ({
        kind: 'row',
        id: 'ride_destination',
        icon: '◉',
        title: tx(ctx, p.name),
        onTap: () => ctx.go('maps.ride_confirm', { to: p.id }),
      })),
    ],
    footer: [bottomTabs(ctx, 'maps.ride', TABS)],
  };
}

function rideConfirm(ctx: Ctx): ScreenView {
  const p = place(ctx.params['to']) ?? PLACES[0]!;
  const car = (ctx.local['car'] ??= 'express') as string;
  const cars = [
    { id: 'express', en: 'Express', zh: '快车', price: 12 },
    { id: 'taxi', en: 'Taxi', zh: '出租车', price: 15 },
    { id: 'comfort', en: 'Comfort', zh: '舒适型', price: 22 },
  ];
  return {
    title: `${ctx.t('Ride to', '打车去')} ${tx(ctx, p.name)}`,
    up: true,
    body: cars.map((c): Widget => ({
      kind: 'row',
      id: `car_${c.id}`,
      title: tx(ctx, c),
      selected: c.id === car,
      trailing: { kind: 'text', text: `¥${c.price + Math.round(p.dist / 500)}` },
      onTap: () => (ctx.local['car'] = c.id),
    })),
    footer: [
      {
        kind: 'button',
        id: 'call_car',
        text: ctx.t('Request ride', '确认呼叫'),
        onTap: () => {
          ctx.state.ride = { to: p.id, car };
          ctx.toast(ctx.t('Looking for a driver…', '正在为您叫车…'));
          ctx.back();
        },
      },
    ],
  };
}

export const mapsApp = defineApp<MapsState>({
  package: 'com.vphone.maps',
  label: { en: 'Maps', zh: '地图' },
  icon: { glyph: '◉', color: '#34A853' },
  versionName: '11.2',
  versionCode: 112,
  home: 'maps.home',
  viewLog: ['lastPlace'],
  initialState: () => ({ nav: null, ride: null, favorites: [], lastPlace: null }),
  screens: {
    'maps.home': { id: 'maps.home', activity: 'com.vphone.maps.MapsActivity', render: home },
    'maps.results': { id: 'maps.results', activity: 'com.vphone.maps.MapsActivity', render: results },
    'maps.place': { id: 'maps.place', activity: 'com.vphone.maps.PlaceActivity', render: placePage },
    'maps.route': { id: 'maps.route', activity: 'com.vphone.maps.RouteActivity', render: route },
    'maps.navigating': { id: 'maps.navigating', activity: 'com.vphone.maps.NavigationActivity', render: navigating },
    'maps.ride': { id: 'maps.ride', activity: 'com.vphone.maps.MapsActivity', render: ride },
    'maps.ride_confirm': { id: 'maps.ride_confirm', activity: 'com.vphone.maps.RideActivity', render: rideConfirm },
  },
  exportState: (s) => ({ ...s, navCategory: place(s.nav?.place)?.cat ?? null, lastCategory: place(s.lastPlace ?? undefined)?.cat ?? null }),
});
