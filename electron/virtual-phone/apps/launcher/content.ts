/** Rotating launcher content (data only): picked per minute of phone time with the seeded PRNG. */
export const HEADLINES = [
  { en: 'City opens three new community health centres for seniors', zh: '本市新开三家老年社区健康中心' },
  { en: 'Rail operator adds more off-peak trains this spring', zh: '铁路部门今春增开平峰列车' },
  { en: 'Library extends weekend opening hours', zh: '图书馆延长周末开放时间' },
  { en: 'Local market reports record fruit harvest', zh: '本地市场水果大丰收' },
  { en: 'New bus route links hospital and park', zh: '新公交线路连接医院和公园' },
  { en: 'Free smartphone classes start next week', zh: '免费智能手机课程下周开课' },
  { en: 'Heat advisory: drink water and stay in the shade', zh: '高温提示：多喝水，注意防暑' },
  { en: 'Museum offers free entry on Tuesdays', zh: '博物馆每周二免费开放' },
];

export const ADS = [
  { en: 'Fresh Mart: 20% off vegetables today', zh: '鲜果超市：今日蔬菜八折' },
  { en: 'SunTravel: autumn tours from ¥999', zh: '阳光旅行：秋季游 999 元起' },
  { en: 'HealthPlus: free blood pressure check', zh: '健康加：免费测血压' },
  { en: 'Tea House: buy one get one free', zh: '茶馆：买一送一' },
];

export const WEATHER = [
  { glyph: '☀', en: 'Sunny', zh: '晴' },
  { glyph: '☁', en: 'Cloudy', zh: '多云' },
  { glyph: '☂', en: 'Light rain', zh: '小雨' },
  { glyph: '☀', en: 'Clear', zh: '晴朗' },
];
