import type { Tx } from '../sample-kit/kit.js';

/** Travel's cities and its deterministic timetable (same search, same trains). */
export const CITIES: Array<Tx & { id: string; airport: boolean }> = [
  ['beijing', 'Beijing', '北京', true],
  ['shanghai', 'Shanghai', '上海', true],
  ['hangzhou', 'Hangzhou', '杭州', true],
  ['nanjing', 'Nanjing', '南京', true],
  ['suzhou', 'Suzhou', '苏州', false],
  ['hefei', 'Hefei', '合肥', true],
  ['wuhan', 'Wuhan', '武汉', true],
  ['changsha', 'Changsha', '长沙', true],
  ['guangzhou', 'Guangzhou', '广州', true],
  ['shenzhen', 'Shenzhen', '深圳', true],
  ['xiamen', 'Xiamen', '厦门', true],
  ['qingdao', 'Qingdao', '青岛', true],
  ['jinan', 'Jinan', '济南', true],
  ['tianjin', 'Tianjin', '天津', true],
  ['xian', "Xi'an", '西安', true],
  ['chengdu', 'Chengdu', '成都', true],
  ['chongqing', 'Chongqing', '重庆', true],
  ['kunming', 'Kunming', '昆明', true],
  ['guilin', 'Guilin', '桂林', true],
  ['haikou', 'Haikou', '海口', true],
  ['sanya', 'Sanya', '三亚', true],
  ['harbin', 'Harbin', '哈尔滨', true],
  ['huangshan', 'Huangshan', '黄山', true],
  ['yangzhou', 'Yangzhou', '扬州', false],
].map(([id, en, zh, airport]) => ({ id: id as string, en: en as string, zh: zh as string, airport: airport as boolean }));
export const city = (id: string | undefined) => CITIES.find((c) => c.id === id);

export interface Trip {
  no: string;
  dep: string;
  arr: string;
  price: number;
}
/** 12 departures for a route and kind; numbers and times derive from the city ids only. */
export function timetable(kind: 'train' | 'flight', from: string, to: string): Trip[] {
  const h = [...`${from}>${to}`].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 9973, 7);
  return Array.from({ length: 12 }, (_, i) => {
    const depMin = 6 * 60 + 20 + i * 75 + (h % 40);
    const dur = kind === 'train' ? 70 + (h % 200) : 120 + (h % 90);
    const t = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const no = kind === 'train' ? `G${(h % 90) * 10 + 100 + i}` : `MU${5100 + (h % 800) + i}`;
    return {
      no,
      dep: t(depMin),
      arr: t(depMin + dur),
      price: kind === 'train' ? 120 + (h % 400) + ((i * 37) % 60) : 480 + (h % 900) - i * 10,
    };
  });
}
