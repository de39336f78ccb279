/**
 * Indirect phrasings older adults use (paper §5.3, Appendix K: "the sound is too low",
 * "I can't see it, make it bigger") mapped to the words a settings screen shows.
 * Small on purpose: a baseline, not a solver. Each entry adds its words (and the app that
 * usually holds them) to the goal when one of its patterns matches the instruction.
 */
export interface IntentEntry {
  id: string;
  patterns: RegExp[];
  words: string[];
  apps: string[];
}

export const INTENTS: readonly IntentEntry[] = [
  {
    id: 'volume',
    patterns: [/声音(太|有点)?(小|低)/, /听不(见|清|到)/, /音量/, /大声/, /sound\s+(is\s+)?too\s+(low|quiet|soft)/i, /can'?t\s+hear|cannot\s+hear/i, /louder|volume/i],
    words: ['音量', '声音', '铃声', '媒体音量', 'volume', 'sound', 'ringtone'],
    apps: ['设置', 'Settings'],
  },
  {
    id: 'font-size',
    patterns: [/字(太|有点)?小/, /看不(见|清)/, /字体/, /放大|调大|大一点|大一些/, /can'?t\s+see|cannot\s+see/i, /too\s+small|bigger|larger|font|text\s+size/i],
    words: ['字体大小', '字体', '字号', '显示', '显示大小', '文字大小', 'font size', 'font', 'text size', 'display', 'display size'],
    apps: ['设置', 'Settings'],
  },
  {
    id: 'brightness',
    patterns: [/太(暗|亮)/, /看不清屏幕/, /亮度/, /too\s+(dark|bright)|brightness/i],
    words: ['亮度', '显示', 'brightness', 'display'],
    apps: ['设置', 'Settings'],
  },
  {
    id: 'network',
    patterns: [/上不了网|没网|连不上|网络|无线|wifi|wi-fi|wlan/i, /internet|no\s+connection/i],
    words: ['WLAN', 'Wi-Fi', 'WiFi', '网络', '无线', '互联网', 'internet', 'network'],
    apps: ['设置', 'Settings'],
  },
  {
    id: 'alarm',
    patterns: [/闹钟|叫我起床|叫醒/, /alarm|wake\s+me/i],
    words: ['闹钟', '添加闹钟', '时钟', 'alarm', 'add alarm', 'clock'],
    apps: ['时钟', 'Clock'],
  },
  {
    id: 'flashlight',
    patterns: [/手电筒|太黑了|照亮/, /flashlight|torch/i],
    words: ['手电筒', 'flashlight', 'torch'],
    apps: [],
  },
  {
    id: 'call',
    patterns: [/打(个)?电话|拨(打|号)/, /\bcall\b|phone\s+(my|him|her)/i],
    words: ['电话', '拨号', '联系人', 'phone', 'call', 'contacts', 'dial'],
    apps: ['电话', 'Phone'],
  },
  {
    id: 'weather',
    patterns: [/天气|下雨|冷不冷|热不热/, /weather|rain/i],
    words: ['天气', 'weather'],
    apps: ['天气', 'Weather'],
  },
];

/** Words that carry no goal: pronouns, politeness, particles, generic verbs. */
export const STOPWORDS = new Set([
  '我', '你', '他', '她', '它', '的', '了', '吧', '吗', '呢', '啊', '呀', '帮', '帮我', '给', '把', '一下', '一点', '请', '能', '能不能',
  '怎么', '什么', '这个', '那个', '这', '那', '是', '在', '有', '太', '很', '都', '就', '还', '要', '想', '让', '看', '去', '和',
  'i', 'me', 'my', 'you', 'it', 'the', 'a', 'an', 'to', 'is', 'are', 'be', 'please', 'can', 'could', 'help', 'make', 'want', 'of',
  'and', 'on', 'in', 'for', 'too', 'this', 'that', 'so', 'do', "don't", 'not', 'cannot',
]);
