/** Word segmentation for tests of slot derivation, standing in for jieba (a native module) with a fixed word list. */

/** A word list standing in for jieba: the longest listed word at each position, else one character. */
export const WORDS = [
  '晚点',
  '大概',
  '半小时',
  '周日',
  '周六',
  '准时',
  '一起',
  '吃饭',
  '中午',
  '改天',
  '不对',
  '不是',
  '后天',
  '大后天',
  '地铁',
  '公交',
  '人民医院',
  '药房',
  '社区',
  '中心',
  '语音',
  '视频',
  '蓝牙',
  '打开',
  '五百',
  '三百',
  '到家',
  '已经',
  '打个',
];
export const cut = (s: string): string[] => {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    const w = WORDS.filter((x) => s.startsWith(x, i)).sort((a, b) => b.length - a.length)[0] ?? s[i]!;
    out.push(w);
    i += w.length;
  }
  return out;
};
