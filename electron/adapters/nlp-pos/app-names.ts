/**
 * App and service names older adults say, added to jieba's dictionary: with HMM off
 * (jieba's default, and deterministic), unknown names split into characters — 微信 would
 * become 微/信 and throw off verb and length-based features. Tagged nz (proper noun).
 */
export const APP_NAMES_ZH = [
  '微信',
  '支付宝',
  '淘宝',
  '高德地图',
  '高德',
  '美团',
  '抖音',
  '今日头条',
  '头条',
  '大众点评',
  '携程',
  '豆包',
  'QQ音乐',
  '腾讯新闻',
  '拼多多',
  '京东',
  '百度',
  '滴滴',
  '滴滴出行',
  '快手',
  '小红书',
  '应用商店',
  '浏览器',
  '健康码',
  '朋友圈',
  '公众号',
  '小程序',
  '视频号',
  '相册',
  '短信',
  '闹钟',
  '天气',
] as const;

export function userDict(words: readonly string[]): Buffer {
  // jieba user-dict lines: "word frequency tag". A high frequency makes the word win segmentation.
  return Buffer.from(words.map((w) => `${w.replace(/\s+/g, '')} 100000 nz`).join('\n') + '\n', 'utf8');
}
