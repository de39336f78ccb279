import type { Tx } from '../sample-kit/kit.js';

/** Chat's fixed address book, chats and moments (ids are what checks compare). */
export interface ChatContact extends Tx {
  id: string;
  group?: boolean;
}
export interface ChatMessage {
  from: string;
  text: Tx | string;
}
export interface Moment {
  id: string;
  by: string;
  text: Tx;
}

const C = (id: string, en: string, zh: string, group = false): ChatContact => ({ id, en, zh, ...(group ? { group } : {}) });
export const CONTACTS: ChatContact[] = [
  C('daughter', 'Daughter (Fang)', '女儿小芳'),
  C('son', 'Son (Jianguo)', '儿子建国'),
  C('grandson', 'Grandson (Lele)', '孙子乐乐'),
  C('wife', 'Wife', '老伴'),
  C('laoli', 'Old Li', '老李'),
  C('laozhang', 'Old Zhang', '老张'),
  C('wangdoc', 'Dr. Wang', '王医生'),
  C('director', 'Director Zhou (community)', '社区周主任'),
  C('sister', 'Sister', '妹妹'),
  C('brother', 'Brother', '大哥'),
  C('niece', 'Niece', '外甥女'),
  C('neighbor', 'Neighbour Chen', '邻居陈姐'),
  C('teacher', 'Teacher Liu (choir)', '合唱团刘老师'),
  C('classmate1', 'Classmate Zhao', '老同学赵军'),
  C('classmate2', 'Classmate Sun', '老同学孙红'),
  C('barber', 'Barber Wu', '理发店吴师傅'),
  C('grocer', 'Grocer Ma', '菜店马姐'),
  C('courier', 'Courier Xiao He', '快递小何'),
  C('taichi', 'Tai chi coach', '太极拳教练'),
  C('nurse', 'Nurse Li', '护士小李'),
  C('choir', "Seniors' Choir", '老年大学合唱团', true),
  C('family', 'Family group', '相亲相爱一家人', true),
  C('neighbors', 'Neighbours group', '幸福小区邻里群', true),
];
export const THREADS: Array<{ with: string; unread: number; messages: ChatMessage[] }> = [
  {
    with: 'family',
    unread: 3,
    messages: [
      { from: 'son', text: { en: 'Dinner at ours on Sunday!', zh: '周日来我们家吃饭！' } },
      { from: 'daughter', text: { en: 'I will bring fruit', zh: '我带水果' } },
      { from: 'grandson', text: { en: 'Grandpa come early', zh: '爷爷早点来' } },
    ],
  },
  {
    with: 'choir',
    unread: 2,
    messages: [
      { from: 'teacher', text: { en: 'Rehearsal tomorrow at 9:30, main hall', zh: '明天上午九点半在大礼堂排练' } },
      { from: 'teacher', text: { en: 'Please wear the red uniform', zh: '请穿红色演出服' } },
    ],
  },
  { with: 'daughter', unread: 1, messages: [{ from: 'daughter', text: { en: 'Dad, did you take your medicine?', zh: '爸，药吃了吗？' } }] },
  {
    with: 'laoli',
    unread: 0,
    messages: [
      { from: 'laoli', text: { en: 'Chess in the park at 3?', zh: '下午三点公园下棋？' } },
      { from: 'me', text: { en: 'OK', zh: '好' } },
    ],
  },
  {
    with: 'neighbors',
    unread: 5,
    messages: [{ from: 'director', text: { en: 'Water cut Thursday morning', zh: '周四上午停水，请提前储水' } }],
  },
  { with: 'son', unread: 0, messages: [{ from: 'son', text: { en: 'Busy this week, call you later', zh: '这周忙，晚点给您打电话' } }] },
  { with: 'wangdoc', unread: 0, messages: [{ from: 'wangdoc', text: { en: 'Come back for a check in two weeks', zh: '两周后来复查' } }] },
  { with: 'grocer', unread: 0, messages: [{ from: 'grocer', text: { en: 'Fresh fish today', zh: '今天有新鲜的鱼' } }] },
];
export const MOMENTS: Moment[] = [
  { id: 'm-grandson', by: 'daughter', text: { en: 'Lele won the school drawing prize!', zh: '乐乐得了学校绘画一等奖！' } },
  { id: 'm-laoli', by: 'laoli', text: { en: 'My first catch of the year', zh: '今年钓的第一条大鱼' } },
  { id: 'm-choir', by: 'teacher', text: { en: 'Our choir on stage', zh: '合唱团演出圆满成功' } },
  { id: 'm-zhang', by: 'laozhang', text: { en: 'Mountain trip with old friends', zh: '和老朋友爬山' } },
  { id: 'm-sister', by: 'sister', text: { en: 'Homemade dumplings', zh: '自己包的饺子' } },
  { id: 'm-neighbor', by: 'neighbor', text: { en: 'Flowers on my balcony', zh: '阳台上的花开了' } },
  { id: 'm-zhao', by: 'classmate1', text: { en: 'Class reunion photos', zh: '同学聚会照片' } },
];
export const contact = (id: string): ChatContact | undefined => CONTACTS.find((c) => c.id === id);
