import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { Tx } from '../sample-kit/kit.js';
import { matches, searchBox, tx } from '../sample-kit/kit.js';
import { dateFormat } from '../../device/date-format.js';

/**
 * Weather: today + 7-day forecast for the current city, a city list (search it or scroll it:
 * two ways to the same state), and a °C/°F setting. Forecasts are seeded per city and day and the
 * hourly strip follows phone time, so screenshots change while ground truth (`city`, `unit`,
 * `viewedDay`) does not.
 */
export interface WeatherState {
  city: string;
  saved: string[];
  unit: 'C' | 'F';
  viewedDay: number | null;
}
type Ctx = AppContext<WeatherState>;

export const CITIES: Array<Tx & { id: string }> = [
  ['beijing', 'Beijing', '北京'],
  ['shanghai', 'Shanghai', '上海'],
  ['guangzhou', 'Guangzhou', '广州'],
  ['shenzhen', 'Shenzhen', '深圳'],
  ['hangzhou', 'Hangzhou', '杭州'],
  ['nanjing', 'Nanjing', '南京'],
  ['chengdu', 'Chengdu', '成都'],
  ['wuhan', 'Wuhan', '武汉'],
  ['xian', "Xi'an", '西安'],
  ['chongqing', 'Chongqing', '重庆'],
  ['tianjin', 'Tianjin', '天津'],
  ['suzhou', 'Suzhou', '苏州'],
  ['qingdao', 'Qingdao', '青岛'],
  ['dalian', 'Dalian', '大连'],
  ['xiamen', 'Xiamen', '厦门'],
  ['kunming', 'Kunming', '昆明'],
  ['harbin', 'Harbin', '哈尔滨'],
  ['changsha', 'Changsha', '长沙'],
  ['haikou', 'Haikou', '海口'],
  ['sanya', 'Sanya', '三亚'],
].map(([id, en, zh]) => ({ id: id!, en: en!, zh: zh! }));

const SKY: Array<Tx & { glyph: string; rain: number }> = [
  { en: 'Sunny', zh: '晴', glyph: '☀', rain: 0 },
  { en: 'Cloudy', zh: '多云', glyph: '☁', rain: 10 },
  { en: 'Light rain', zh: '小雨', glyph: '☂', rain: 70 },
  { en: 'Showers', zh: '阵雨', glyph: '☂', rain: 60 },
  { en: 'Overcast', zh: '阴', glyph: '☁', rain: 20 },
];
const DAY_NAMES: Tx[] = [
  { en: 'Today', zh: '今天' },
  { en: 'Tomorrow', zh: '明天' },
  { en: 'Day after tomorrow', zh: '后天' },
];

function forecast(ctx: Ctx, day: number) {
  const r = ctx.sys.rand(`wx:${ctx.state.city}:${Math.floor(ctx.sys.now() / 86_400_000) + day}`);
  const sky = SKY[Math.floor(r * SKY.length)]!;
  const high = 14 + Math.floor(r * 13);
  return { sky, high, low: high - 6 - Math.floor(r * 4) };
}
const deg = (ctx: Ctx, c: number) => (ctx.state.unit === 'C' ? `${c}°C` : `${Math.round(c * 1.8 + 32)}°F`);
const cityName = (ctx: Ctx, id: string) => tx(ctx, CITIES.find((c) => c.id === id) ?? CITIES[0]!);
function dayLabel(ctx: Ctx, day: number): string {
  const named = DAY_NAMES[day];
  if (named) return tx(ctx, named);
  return dateFormat(ctx.t('en-US', 'zh-CN'), {
    timeZone: ctx.sys.timeZone,
    weekday: 'long',
    month: 'numeric',
    day: 'numeric',
  }).format(ctx.sys.now() + day * 86_400_000);
}

function today(ctx: Ctx): ScreenView {
  const f = forecast(ctx, 0);
  const hour = new Date(ctx.sys.now()).getUTCHours();
  const days = [0, 1, 2, 3, 4, 5, 6].map((d): Widget => {
    const x = forecast(ctx, d);
    return {
      kind: 'row',
      id: 'forecast_day',
      icon: x.sky.glyph,
      iconColor: '#1A73E8',
      title: dayLabel(ctx, d),
      summary: `${tx(ctx, x.sky)} · ${ctx.t('rain', '降水')} ${x.sky.rain}%`,
      trailing: { kind: 'text', text: `${deg(ctx, x.low)} / ${deg(ctx, x.high)}` },
      onTap: () => ctx.go('weather.day', { day: String(d) }),
    };
  });
  const hourly = [1, 2, 3, 4, 5, 6].map((h): Widget => ({
    kind: 'row',
    title: `${String((hour + h) % 24).padStart(2, '0')}:00`,
    trailing: { kind: 'text', text: deg(ctx, f.high - Math.abs(3 - h)) },
  }));
  return {
    title: cityName(ctx, ctx.state.city),
    actions: [
      { glyph: '☰', desc: ctx.t('Cities', '城市管理'), id: 'cities', onTap: () => ctx.go('weather.cities') },
      { glyph: '⚙', desc: ctx.t('Settings', '设置'), id: 'settings', onTap: () => ctx.go('weather.settings') },
    ],
    body: [
      {
        kind: 'bigtext',
        id: 'current_temp',
        text: deg(ctx, f.high - 2),
        sub: `${tx(ctx, f.sky)}  ${deg(ctx, f.low)} ~ ${deg(ctx, f.high)}`,
      },
      { kind: 'text', text: ctx.t('7-day forecast', '七日预报'), bold: true, size: 15 },
      ...days,
      { kind: 'text', text: ctx.t('Next hours', '逐小时'), bold: true, size: 15 },
      ...hourly,
    ],
  };
}

function dayDetail(ctx: Ctx): ScreenView {
  const day = Number(ctx.params['day'] ?? 0);
  ctx.state.viewedDay = day; // ground truth for "did the user look at that day's forecast"
  const f = forecast(ctx, day);
  const advice = f.sky.rain >= 50 ? ctx.t('Take an umbrella', '出门记得带伞') : ctx.t('No umbrella needed', '不用带伞');
  return {
    title: `${cityName(ctx, ctx.state.city)} · ${dayLabel(ctx, day)}`,
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', id: 'day_temp', text: `${deg(ctx, f.low)} ~ ${deg(ctx, f.high)}`, sub: tx(ctx, f.sky) },
      { kind: 'row', title: ctx.t('Chance of rain', '降水概率'), trailing: { kind: 'text', text: `${f.sky.rain}%` } },
      { kind: 'row', title: ctx.t('Advice', '出行建议'), summary: advice },
    ],
  };
}

function cities(ctx: Ctx): ScreenView {
  const q = (ctx.local['q'] as string | undefined) ?? '';
  const choose = (id: string) => {
    ctx.state.city = id;
    if (!ctx.state.saved.includes(id)) ctx.state.saved.push(id);
    ctx.back();
  };
  const list = q ? CITIES.filter((c) => matches(c, q)) : CITIES;
  return {
    title: ctx.t('Cities', '城市管理'),
    up: true,
    body: [
      searchBox(ctx, 'city_search', ctx.t('Search city', '搜索城市'), (v) => (ctx.local['q'] = v)),
      ...(q
        ? []
        : [
            { kind: 'text' as const, text: ctx.t('Saved', '我的城市'), bold: true, size: 14 },
            ...ctx.state.saved.map((id): Widget => ({
              kind: 'row',
              id: 'saved_city',
              title: cityName(ctx, id),
              selected: id === ctx.state.city,
              onTap: () => choose(id),
            })),
            { kind: 'text' as const, text: ctx.t('All cities', '全部城市'), bold: true, size: 14 },
          ]),
      ...list.map((c): Widget => ({ kind: 'row', id: 'city_row', title: tx(ctx, c), onTap: () => choose(c.id) })),
    ],
  };
}

function settings(ctx: Ctx): ScreenView {
  const unit = (u: 'C' | 'F', en: string, zh: string): Widget => ({
    kind: 'row',
    id: `unit_${u}`,
    title: ctx.t(en, zh),
    selected: ctx.state.unit === u,
    trailing: ctx.state.unit === u ? { kind: 'text', text: '✓' } : undefined,
    onTap: () => (ctx.state.unit = u),
  });
  return {
    title: ctx.t('Settings', '设置'),
    up: true,
    body: [
      { kind: 'text', text: ctx.t('Temperature unit', '温度单位'), bold: true, size: 14 },
      unit('C', 'Celsius (°C)', '摄氏度 (°C)'),
      unit('F', 'Fahrenheit (°F)', '华氏度 (°F)'),
    ],
  };
}

export const weatherApp = defineApp<WeatherState>({
  package: 'com.vphone.weather',
  label: { en: 'Weather', zh: '天气' },
  icon: { glyph: '☀', color: '#F29900' },
  versionName: '3.2',
  versionCode: 32,
  home: 'weather.today',
  viewLog: ['viewedDay'],
  initialState: () => ({ city: 'nanjing', saved: ['nanjing'], unit: 'C', viewedDay: null }),
  screens: {
    'weather.today': { id: 'weather.today', activity: 'com.vphone.weather.MainActivity', render: today },
    'weather.day': { id: 'weather.day', activity: 'com.vphone.weather.DayActivity', render: dayDetail },
    'weather.cities': { id: 'weather.cities', activity: 'com.vphone.weather.CitiesActivity', render: cities },
    'weather.settings': { id: 'weather.settings', activity: 'com.vphone.weather.SettingsActivity', render: settings },
  },
});
