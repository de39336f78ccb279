/**
 * Words that mean the same in a message, written one way so that slots compare meanings, not spellings. Older
 * adults name Sunday 周日, 星期天, 星期日, 礼拜天 or 周天 as it comes: a message saying 星期天 says the 周日 a
 * demonstration typed, and 礼拜六 is the 周六 the instruction took back. Only the days of the week for now: their
 * spellings are many, settled and unambiguous, and they are what corrected instructions most often change.
 */

/** 星期X / 礼拜X for each day (天 and 日 both Sunday), and 周天 — not before 气 (这周天气 is the week's weather). */
const SPELLING = /(?:星期|礼拜)([一二三四五六日天])|周天(?!气)/gu;

/** The text with every spelling of a day of the week written as 周X (星期天 → 周日, 礼拜六 → 周六). */
export function sameWords(text: string): string {
  return text.replace(SPELLING, (_, day: string | undefined) => `周${day === undefined || day === '天' ? '日' : day}`);
}
