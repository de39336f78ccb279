/**
 * Words in which a short term a text check requires means something else: 晚 "late" is the evening in 今晚 and 晚上,
 * dinner in 晚饭; 回 "coming back" is a reply in 回复. A check that requires 晚 (我晚点到) would pass 晚上好 and
 * 晚饭我来做 (held-out set AH), one that requires 回 would pass 周日回复你. An occurrence of a term inside such a word is
 * no occurrence of it; the term standing beside one still is (我晚上晚点到 says 晚).
 *
 * Only words whose sense never is the term's: 过去 stays out (周日我过去 is coming), and so does 晚会 (晚会儿到 is later).
 */
const OTHER_SENSES: readonly string[] = [
  ...'晚上 晚饭 晚餐 晚安 晚间 晚年 晚霞 晚报 今晚 昨晚 明晚 傍晚 夜晚'.split(' '),
  ...'回复 回答 回信 回电'.split(' '),
  '收到',
];

/**
 * The spans (start, end: offsets in `text`) of words of another sense in `text`, which is compared as text checks
 * compare (NFKC, case-folded, no whitespace).
 */
export function otherSenseSpans(text: string): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (const word of OTHER_SENSES)
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) out.push({ from: at, to: at + word.length });
  return out;
}

/** Whether the occurrence of a term at `from` (of `length` characters) lies inside a longer word of another sense. */
export function inOtherSense(spans: readonly { from: number; to: number }[], from: number, length: number): boolean {
  return spans.some((s) => s.to - s.from > length && s.from <= from && from + length <= s.to);
}
