import type { Tx } from '../sample-kit/kit.js';

/** Maps' fixed places around "home"; distances in metres. */
export interface Place {
  id: string;
  cat: string;
  name: Tx;
  dist: number;
}
const P = (id: string, cat: string, en: string, zh: string, dist: number): Place => ({ id, cat, name: { en, zh }, dist });
export const PLACES: Place[] = [
  P('home', 'home', 'Home (Hexie Garden 3-201)', '家（和谐花园 3 栋 201）', 0),
  P('hosp-people', 'hospital', "People's Hospital", '人民医院', 2300),
  P('hosp-tcm', 'hospital', 'TCM Hospital', '中医院', 3100),
  P('hosp-clinic', 'hospital', 'Community Clinic', '社区卫生服务中心', 600),
  P('pharm-1', 'pharmacy', 'Yifeng Pharmacy', '益丰大药房', 350),
  P('pharm-2', 'pharmacy', 'Laobaixing Pharmacy', '老百姓大药房', 900),
  P('pharm-3', 'pharmacy', 'Tongrentang', '同仁堂药店', 1800),
  P('park-people', 'park', "People's Park", '人民公园', 1200),
  P('park-lake', 'park', 'Lakeside Park', '湖滨公园', 2600),
  P('park-small', 'park', 'Pocket Park', '街心公园', 300),
  P('market-1', 'market', 'Yonghui Supermarket', '永辉超市', 700),
  P('market-2', 'market', 'Wet Market', '农贸市场', 500),
  P('market-3', 'market', 'Carrefour', '家乐福', 2900),
  P('bank-1', 'bank', 'ICBC branch', '工商银行', 800),
  P('bank-2', 'bank', 'Post Office Bank', '邮政储蓄银行', 1100),
  P('station', 'transit', 'Railway Station', '火车站', 6500),
  P('bus-hub', 'transit', 'Bus Terminal', '公交总站', 1500),
  P('senior-uni', 'leisure', "Seniors' University", '老年大学', 2000),
  P('temple', 'leisure', 'Old Temple', '古寺', 4200),
  P('library', 'leisure', 'City Library', '市图书馆', 3300),
  P('daughter', 'home', "Daughter's home", '女儿家', 5400),
];
export const CHIPS: Array<Tx & { cat: string }> = [
  { cat: 'hospital', en: 'Hospitals', zh: '医院' },
  { cat: 'pharmacy', en: 'Pharmacies', zh: '药店' },
  { cat: 'park', en: 'Parks', zh: '公园' },
  { cat: 'market', en: 'Supermarkets', zh: '超市' },
];
export const MODES: Array<Tx & { id: string; speed: number }> = [
  { id: 'bus', en: 'Bus', zh: '公交', speed: 250 },
  { id: 'subway', en: 'Subway', zh: '地铁', speed: 500 },
  { id: 'walk', en: 'Walk', zh: '步行', speed: 70 },
  { id: 'drive', en: 'Drive', zh: '驾车', speed: 500 },
];
export const place = (id: string | undefined): Place | undefined => PLACES.find((p) => p.id === id);
