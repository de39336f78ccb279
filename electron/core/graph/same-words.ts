/**
 * Words that mean the same in a message, written one way so that slots compare meanings, not spellings. Older
 * adults name Sunday 周日, 星期天, 星期日, 礼拜天 or 周天 as it comes: a message saying 星期天 says the 周日 a
 * demonstration typed, and 礼拜六 is the 周六 the instruction took back. Only the days of the week for now: their
 * spellings are many, settled and unambiguous, and they are what corrected instructions most often change.
 */

const DAYS = ['一', '二', '三', '四', '五', '六', '日'] as const;

/** 星期X / 礼拜X / 周X for each day (天 for 日 too); 周天 not before 气 (这周天气 is the week's weather). */
const SPELLINGS: [RegExp, string][] = DAYS.map((d) => {
  const day = d === '日' ? '[日天]' : d;
  const week = d === '日' ? `(?:星期|礼拜)${day}|周天(?!气)` : `(?:星期|礼拜)${day}`;
  return [new RegExp(week, 'gu'), `周${d}`];
});

/** The text with every spelling of a day of the week written as 周X (星期天 → 周日, 礼拜六 → 周六). */
export function sameWords(text: string): string {
  let out = text;
  for (const [re, canonical] of SPELLINGS) out = out.replace(re, canonical);
  return out;
}
