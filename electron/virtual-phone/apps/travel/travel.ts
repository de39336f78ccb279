import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { DialogView, ScreenView, Widget } from '../../ui/widgets.js';
import { bottomTabs, matches, searchBox, tx, yuan } from '../sample-kit/kit.js';
import { CITIES, city, timetable } from './data.js';
import { dateFormat } from '../../device/date-format.js';

/**
 * Travel: train / flight search (from, to, date), results, booking with a seat preference,
 * orders with refund. The destination is picked from the city list (search or scroll) or from
 * the "Popular" shortcuts; dates are day offsets from today so checks are clock-independent.
 */
export interface TravelOrder {
  no: string;
  kind: 'train' | 'flight';
  from: string;
  to: string;
  day: number;
  dep: string;
  seat: string;
  status: 'booked' | 'refunded';
}
export interface TravelState {
  kind: 'train' | 'flight';
  from: string;
  to: string;
  day: number;
  orders: TravelOrder[];
  viewedOrders: string[];
}
type Ctx = AppContext<TravelState>;
const TABS: Array<[string, string, string, string]> = [
  ['travel.home', 'Book', '首页', '⌂'],
  ['travel.orders', 'Orders', '订单', '▤'],
];
const SEATS = [
  { id: 'window', en: 'Window', zh: '靠窗' },
  { id: 'aisle', en: 'Aisle', zh: '过道' },
  { id: 'any', en: 'No preference', zh: '不限' },
];
const POPULAR = ['beijing', 'shanghai', 'sanya', 'hangzhou'];
const cityName = (ctx: Ctx, id: string) => tx(ctx, city(id) ?? { en: id, zh: id });
function dayLabel(ctx: Ctx, day: number): string {
  const named = [ctx.t('Today', '今天'), ctx.t('Tomorrow', '明天'), ctx.t('Day after tomorrow', '后天'), ctx.t('In 3 days', '大后天')][day];
  const date = dateFormat(ctx.t('en-US', 'zh-CN'), {
    timeZone: ctx.sys.timeZone,
    month: 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(ctx.sys.now() + day * 86_400_000);
  return named ? `${named} ${date}` : date;
}

/** The next booked trip, as a card on the home page (the other way to it is the Orders tab). */
function upcoming(ctx: Ctx): Widget[] {
  const i = ctx.state.orders.findIndex((o) => o.status === 'booked');
  const o = ctx.state.orders[i];
  return o
    ? [
        {
          kind: 'row',
          id: 'upcoming',
          icon: '✈',
          iconColor: '#0086F6',
          title: `${ctx.t('Upcoming', '即将出行')} ${o.no}`,
          summary: `${cityName(ctx, o.from)} → ${cityName(ctx, o.to)}`,
          onTap: () => ctx.go('travel.order', { i: String(i) }),
        },
      ]
    : [];
}

function home(ctx: Ctx): ScreenView {
  const s = ctx.state;
  return {
    title: ctx.t('Travel', '出行'),
    body: [
      {
        kind: 'tabs',
        id: 'kind_tabs',
        tabs: [
          { label: ctx.t('Trains', '火车票'), selected: s.kind === 'train', onTap: () => (s.kind = 'train') },
          { label: ctx.t('Flights', '机票'), selected: s.kind === 'flight', onTap: () => (s.kind = 'flight') },
        ],
      },
      {
        kind: 'row',
        id: 'from',
        title: ctx.t('From', '出发'),
        summary: cityName(ctx, s.from),
        onTap: () => ctx.go('travel.city', { field: 'from' }),
      },
      {
        kind: 'row',
        id: 'to',
        title: ctx.t('To', '到达'),
        summary: s.to ? cityName(ctx, s.to) : ctx.t('Choose a city', '选择城市'),
        onTap: () => ctx.go('travel.city', { field: 'to' }),
      },
      { kind: 'row', id: 'date', title: ctx.t('Date', '日期'), summary: dayLabel(ctx, s.day), onTap: () => ctx.go('travel.date') },
      {
        kind: 'button',
        id: 'search',
        text: ctx.t('Search', '查询'),
        onTap: () => (s.to ? ctx.go('travel.results') : ctx.toast(ctx.t('Choose where to go', '请选择到达城市'))),
      },
      ...upcoming(ctx),
      { kind: 'text', text: ctx.t('Popular', '热门目的地'), bold: true, size: 15 },
      ...POPULAR.map((id): Widget => ({
        kind: 'row',
        id: 'popular',
        icon: '✈',
        title: cityName(ctx, id),
        onTap: () => {
          s.to = id;
          ctx.go('travel.results');
        },
      })),
    ],
    footer: [bottomTabs(ctx, 'travel.home', TABS)],
  };
}

function cityPicker(ctx: Ctx): ScreenView {
  const field = ctx.params['field'] === 'from' ? 'from' : 'to';
  const q = ctx.local['q'] as string | undefined;
  const list = CITIES.filter((c) => (!q || matches(c, q)) && (ctx.state.kind === 'train' || c.airport));
  return {
    title: field === 'from' ? ctx.t('Departure city', '出发城市') : ctx.t('Destination', '到达城市'),
    up: true,
    body: [
      searchBox(ctx, 'city_search', ctx.t('Search city', '搜索城市'), (v) => (ctx.local['q'] = v)),
      // Like real pickers, the located city comes first until a search narrows the list.
      ...(q
        ? []
        : [
            {
              kind: 'row' as const,
              id: 'located_city',
              icon: '◎',
              title: tx(ctx, city('nanjing')!),
              summary: ctx.t('Current location', '当前定位'),
              onTap: () => {
                ctx.state[field] = 'nanjing';
                ctx.back();
              },
            },
          ]),
      ...list.map((c): Widget => ({
        kind: 'row',
        id: 'city',
        title: tx(ctx, c),
        onTap: () => {
          ctx.state[field] = c.id;
          ctx.back();
        },
      })),
    ],
  };
}

const routeName = (ctx: Ctx): string =>
  `${cityName(ctx, ctx.state.from)} → ${ctx.state.to ? cityName(ctx, ctx.state.to) : ctx.t('?', '？')}`;

function datePicker(ctx: Ctx): ScreenView {
  // The route stays in the title, as travel apps keep it in view while a date is picked.
  return {
    title: `${routeName(ctx)} · ${ctx.t('Date', '选择日期')}`,
    up: true,
    body: Array.from({ length: 15 }, (_, d): Widget => ({
      kind: 'row',
      id: 'day',
      title: dayLabel(ctx, d),
      selected: d === ctx.state.day,
      onTap: () => {
        ctx.state.day = d;
        ctx.back();
      },
    })),
  };
}

function results(ctx: Ctx): ScreenView {
  const s = ctx.state;
  return {
    title: `${routeName(ctx)} · ${s.kind === 'train' ? ctx.t('Trains', '火车票') : ctx.t('Flights', '机票')}`,
    up: true,
    body: [
      {
        kind: 'text',
        text: `${s.kind === 'train' ? ctx.t('Trains', '火车票') : ctx.t('Flights', '机票')} · ${dayLabel(ctx, s.day)}`,
        color: '#44474F',
      },
      ...timetable(s.kind, s.from, s.to).map((t): Widget => ({
        kind: 'row',
        id: 'trip',
        title: `${t.no}  ${t.dep} → ${t.arr}`,
        summary: yuan(t.price),
        onTap: () => ctx.go('travel.book', { no: t.no, dep: t.dep }),
      })),
    ],
  };
}

function book(ctx: Ctx): ScreenView {
  const s = ctx.state;
  const seat = (ctx.local['seat'] ??= 'any') as string;
  const submit = () => {
    const order = {
      no: ctx.params['no'] ?? '',
      kind: s.kind,
      from: s.from,
      to: s.to,
      day: s.day,
      dep: ctx.params['dep'] ?? '',
      seat,
      status: 'booked' as const,
    };
    s.orders.unshift(order);
    ctx.toast(ctx.t('Booked', '预订成功'));
    ctx.replace('travel.order', { i: '0' });
  };
  return {
    title: ctx.t('Book', '填写订单'),
    up: true,
    body: [
      {
        kind: 'row',
        title: `${ctx.params['no'] ?? ''} ${ctx.params['dep'] ?? ''}`,
        summary: `${cityName(ctx, s.from)} → ${cityName(ctx, s.to)} · ${dayLabel(ctx, s.day)}`,
      },
      { kind: 'row', title: ctx.t('Passenger', '乘客'), summary: ctx.t('Myself', '本人') },
      { kind: 'text', text: ctx.t('Seat', '选座'), bold: true, size: 14 },
      ...SEATS.map((x): Widget => ({
        kind: 'row',
        id: `seat_${x.id}`,
        title: tx(ctx, x),
        selected: x.id === seat,
        trailing: x.id === seat ? { kind: 'text', text: '✓' } : undefined,
        onTap: () => (ctx.local['seat'] = x.id),
      })),
    ],
    footer: [{ kind: 'button', id: 'submit', text: ctx.t('Submit order', '提交订单'), onTap: submit }],
  };
}

const orderTitle = (ctx: Ctx, o: TravelOrder) => `${o.no} ${cityName(ctx, o.from)} → ${cityName(ctx, o.to)}`;

function orders(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('My trips', '我的行程'),
    body:
      ctx.state.orders.length === 0
        ? [{ kind: 'text', text: ctx.t('No trips yet', '还没有订单') }]
        : ctx.state.orders.map((o, i): Widget => ({
            kind: 'row',
            id: 'order',
            title: orderTitle(ctx, o),
            summary: `${dayLabel(ctx, o.day)} ${o.dep} · ${o.status === 'refunded' ? ctx.t('Refunded', '已退票') : ctx.t('Booked', '已出票')}`,
            onTap: () => ctx.go('travel.order', { i: String(i) }),
          })),
    footer: [bottomTabs(ctx, 'travel.orders', TABS)],
  };
}

function order(ctx: Ctx): ScreenView {
  const o = ctx.state.orders[Number(ctx.params['i'] ?? 0)];
  if (!o) return { title: ctx.t('Order', '订单'), up: true, body: [] };
  if (!ctx.state.viewedOrders.includes(o.no)) ctx.state.viewedOrders.push(o.no);
  const close = () => delete ctx.local['refund'];
  const dialog: DialogView | undefined = ctx.local['refund']
    ? {
        title: ctx.t('Refund this ticket?', '确定退票吗？'),
        positive: {
          text: ctx.t('Refund', '确认退票'),
          onTap: () => {
            o.status = 'refunded';
            close();
            ctx.toast(ctx.t('Refunded', '退票成功'));
          },
        },
        negative: { text: ctx.t('Keep', '再想想'), onTap: close },
      }
    : undefined;
  return {
    title: ctx.t('Trip details', '行程详情'),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', id: 'departure', text: o.dep, sub: `${dayLabel(ctx, o.day)} · ${orderTitle(ctx, o)}`, size: 56 },
      { kind: 'row', title: ctx.t('Seat', '座位'), summary: tx(ctx, SEATS.find((x) => x.id === o.seat) ?? SEATS[2]!) },
      {
        kind: 'row',
        title: ctx.t('Status', '状态'),
        summary: o.status === 'refunded' ? ctx.t('Refunded', '已退票') : ctx.t('Booked', '已出票'),
      },
      ...(o.status === 'booked'
        ? [
            {
              kind: 'button' as const,
              id: 'refund',
              text: ctx.t('Refund', '退票'),
              style: 'tonal' as const,
              onTap: () => (ctx.local['refund'] = true),
            },
          ]
        : []),
    ],
    dialog,
  };
}

export const travelApp = defineApp<TravelState>({
  package: 'com.vphone.travel',
  label: { en: 'Travel', zh: '出行' },
  icon: { glyph: '✈', color: '#0086F6' },
  versionName: '8.6',
  versionCode: 86,
  home: 'travel.home',
  viewLog: ['viewedOrders'],
  initialState: () => ({ kind: 'train', from: 'nanjing', to: '', day: 0, orders: [], viewedOrders: [] }),
  screens: {
    'travel.home': { id: 'travel.home', activity: 'com.vphone.travel.MainActivity', render: home },
    'travel.city': { id: 'travel.city', activity: 'com.vphone.travel.CityActivity', render: cityPicker },
    'travel.date': { id: 'travel.date', activity: 'com.vphone.travel.DateActivity', render: datePicker },
    'travel.results': { id: 'travel.results', activity: 'com.vphone.travel.ResultsActivity', render: results },
    'travel.book': { id: 'travel.book', activity: 'com.vphone.travel.BookActivity', render: book },
    'travel.orders': { id: 'travel.orders', activity: 'com.vphone.travel.MainActivity', render: orders },
    'travel.order': { id: 'travel.order', activity: 'com.vphone.travel.OrderActivity', render: order },
  },
});
