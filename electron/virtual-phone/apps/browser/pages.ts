import type { Tx } from '../sample-kit/kit.js';

/** The browser's tiny "web": pages with keywords a search finds them by. */
export interface Page {
  id: string;
  topic: string;
  kw: string[];
  title: Tx;
  body: Tx;
}

const p = (id: string, topic: string, kw: string[], title: Tx, body: Tx): Page => ({ id, topic, kw, title, body });
export const PAGES: Page[] = [
  p(
    'bp-diet',
    'health',
    ['血压', '高血压', 'blood pressure', 'hypertension'],
    { en: 'Foods to avoid with high blood pressure', zh: '高血压不能吃什么？医生列了这几样' },
    { en: 'Cut down on salt, pickles, fatty meat and alcohol. Eat more vegetables.', zh: '少吃盐、咸菜、肥肉，少喝酒，多吃蔬菜。' },
  ),
  p(
    'bp-measure',
    'health',
    ['血压', 'blood pressure'],
    { en: 'How to measure blood pressure at home', zh: '在家怎么正确量血压' },
    { en: 'Sit quietly for five minutes, keep the arm at heart level.', zh: '先安静坐五分钟，手臂与心脏同高。' },
  ),
  p(
    'sugar-diet',
    'health',
    ['血糖', '糖尿病', 'diabetes', 'blood sugar'],
    { en: 'What diabetics can eat for breakfast', zh: '糖尿病人早餐吃什么好' },
    { en: 'Whole grains, eggs and unsweetened soy milk.', zh: '粗粮、鸡蛋和无糖豆浆。' },
  ),
  p(
    'sleep',
    'health',
    ['失眠', '睡不着', 'sleep', 'insomnia'],
    { en: 'Sleeping badly? Seven tips for older adults', zh: '老年人失眠怎么办？七个小办法' },
    { en: 'Keep regular hours and avoid tea after noon.', zh: '作息规律，午后少喝茶。' },
  ),
  p(
    'tai-chi',
    'leisure',
    ['太极', 'tai chi'],
    { en: 'Tai chi for beginners', zh: '太极拳入门二十四式' },
    { en: 'Start slowly, ten minutes a day.', zh: '每天十分钟，循序渐进。' },
  ),
  p(
    'pension',
    'life',
    ['养老金', '退休', 'pension'],
    { en: 'Pension rise this year: what changes', zh: '今年养老金上调，有哪些变化' },
    { en: 'The basic pension rises by 3 percent.', zh: '基本养老金上调 3%。' },
  ),
  p(
    'scam',
    'life',
    ['诈骗', '骗', 'scam', 'fraud'],
    { en: 'Five phone scams targeting seniors', zh: '专骗老年人的五种电话诈骗' },
    { en: 'Never give your code to callers claiming to be the police.', zh: '自称公检法要验证码的都是骗子。' },
  ),
  p(
    'recipe-fish',
    'food',
    ['菜谱', '鱼', 'recipe', 'fish'],
    { en: 'Steamed fish, step by step', zh: '清蒸鱼的家常做法' },
    { en: 'Steam for eight minutes, add soy sauce and scallion.', zh: '大火蒸八分钟，淋豉油撒葱丝。' },
  ),
  p(
    'square-dance',
    'leisure',
    ['广场舞', 'dance'],
    { en: 'New square dance routine', zh: '最新广场舞教学' },
    { en: 'Learn the steps in slow motion.', zh: '慢动作分解教学。' },
  ),
  p(
    'flu',
    'health',
    ['流感', '感冒', 'flu', 'cold'],
    { en: 'Flu season: should older adults get vaccinated?', zh: '流感季，老年人要不要打疫苗' },
    { en: 'Yes: the vaccine is free for over-60s in many cities.', zh: '建议接种，很多城市 60 岁以上免费。' },
  ),
];
export const TRENDING = ['pension', 'flu', 'scam', 'tai-chi', 'recipe-fish', 'square-dance'];

/** Results for a query: matching pages first, then generic filler so the list needs scrolling. */
export function search(q: string): Array<{ id: string; title: Tx; snippet: Tx }> {
  const want = q.toLowerCase();
  const hits = PAGES.filter(
    (x) =>
      x.kw.some((k) => want.includes(k.toLowerCase()) || k.toLowerCase().includes(want)) ||
      x.title.zh.includes(q) ||
      x.title.en.toLowerCase().includes(want),
  );
  const filler = Array.from({ length: 10 }, (_, i) => ({
    id: `web-${i}`,
    title: { en: `${q} - forum post ${i + 1}`, zh: `${q} - 网友问答 ${i + 1}` },
    snippet: { en: 'Discussion from a community site', zh: '来自社区网站的讨论' },
  }));
  return [...hits.map((x) => ({ id: x.id, title: x.title, snippet: x.body })), ...filler];
}
