import type { TokenizerPort } from '../agents/model-free/tokenizer-port.js';
import { oneOfSaid } from '../text/negation-scope.js';
import { foldCjkSpaces, normalizeContent } from './content.js';
import { sameWords } from './same-words.js';

/**
 * Free text judged by what matters in it (slots), not by how close its spelling is to one demonstration:
 *
 * - **required** terms: the words every demonstration typed into the field that the instruction also says
 *   ("晚点", "到" for 跟他说一声，我晚点到 — the demonstrator's own "大概半小时" is not required);
 * - **forbidden** terms: what the person corrected away ("周六" in 说周六一起吃饭，哦不对，不是周六); the word
 *   every demonstration put in its place (周日) is required.
 *
 * A text holds its slots when no forbidden term occurs outside a required one and every required term
 * occurs. Without required terms the similarity rule decides, as before. Texts and terms are compared with
 * the days of the week spelled one way (same-words.ts): 星期天 holds the slot 周日, 礼拜六 is the forbidden 周六.
 */
export interface TextSlots {
  /** Each term must be said; a term may list alternatives of which one will do, written "回|来|见" (alternativesOf). */
  required: string[];
  forbidden: string[];
}

/** The alternatives a required term lists ("回|来|见"), or the term alone. */
export const alternativesOf = (term: string): string[] =>
  term
    .split('|')
    .map((t) => t.trim())
    .filter(Boolean);

/** Word segmentation (jieba in the app); without one, common pieces are kept whole. */
export type Tokenize = TokenizerPort['cut'];

/** Key terms a task's own success check asks of a text it sends (a required term may list alternatives). */
export interface TaskTerms {
  required: readonly (string | readonly string[])[];
  forbidden: readonly string[];
}

/** What the graph build knows about the task beyond its demonstrations. */
export interface GoalHints {
  /** The task's instruction as the older adult said it. */
  instruction?: string;
  tokenize?: Tokenize;
  /** The key terms of the task's own text checks: what the task says a message must and must not say. */
  terms?: readonly TaskTerms[];
  /** The way the task's words ask a value to go, with no number said (task-bounds.ts taskDirection). */
  direction?: 'less' | 'more';
}

/** Words that carry no content of a message: pronouns, particles, the verbs of asking someone to say something. */
const STOP = new Set(
  (
    '我 你 他 她 它 我们 你们 他们 咱 咱们 的 地 得 了 着 过 吗 呢 吧 啊 呀 哦 嗯 呃 哈 啦 嘛 么 就 也 都 还 又 在 是 和 跟 与 给 把 被 让 ' +
    '说 说一声 一声 告诉 讲 个 这 那 这个 那个 一下 下 请 帮 帮我 呗 哎 诶 噢 ' +
    'i me my you your he him his she her it we us our they them the a an to of and or is am are be was were will ' +
    'that this please tell say just'
  ).split(' '),
);

const CJK = /[\u3400-\u9fff]/u;
const PUNCT_CHAR = /[\p{P}\p{S}\s]/u;

const isStop = (t: string): boolean => STOP.has(t.toLowerCase());
const isContent = (t: string): boolean => t.trim() !== '' && !isStop(t) && !/^[\p{P}\p{S}\s]+$/u.test(t);

/**
 * The longest pieces of `base` that occur in every other text, left to right (punctuation never part
 * of a piece). "药吃过了" against "我已经吃过药了": 药, 吃过, 了.
 */
function commonPieces(base: string, others: readonly string[]): string[] {
  const out: string[] = [];
  const chars = [...base];
  let i = 0;
  while (i < chars.length) {
    if (PUNCT_CHAR.test(chars[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < chars.length) {
      const piece = chars.slice(i, j + 1).join('');
      if (PUNCT_CHAR.test(chars[j]!) || !others.every((o) => o.includes(piece))) break;
      j++;
    }
    if (j > i) {
      out.push(chars.slice(i, j).join(''));
      i = j;
    } else i++;
  }
  return out;
}

/** A text as slots compare it: normalized, each day of the week spelled one way. */
const comparable = (t: string): string => sameWords(foldCjkSpaces(normalizeContent(t)));

/** Content words of a piece: the tokenizer's words (or the piece trimmed of stop characters), stop words dropped. */
function termsOf(piece: string, tokenize: Tokenize | undefined): string[] {
  if (!CJK.test(piece)) return (piece.toLowerCase().match(/[\p{L}\d][\p{L}\d'-]*/gu) ?? []).filter((w) => isContent(w) && w.length >= 2);
  if (tokenize)
    return tokenize(piece)
      .map((t) => t.trim())
      .filter(isContent);
  let chars = [...piece];
  while (chars.length > 0 && isStop(chars[0]!)) chars = chars.slice(1);
  while (chars.length > 0 && isStop(chars.at(-1)!)) chars = chars.slice(0, -1);
  return chars.length > 0 ? [chars.join('')] : [];
}

const CORRECTION = /^(?:(?:哦|噢|啊|呃|嗯|唉)?\s*(?:不对|不是|错了|说错了|搞错了)|(?:哦|噢|啊|呃)不|no\s+wait|i\s+mean|sorry|actually)/i;
const NEGATED = /^不是(.+)$/;
/** Words that open a correction without a value of their own (不是 alone, 呃). */
const FILLER = /^(?:哦|噢|啊|呃|嗯|唉|不对|不是|对|错了)+$/;

/**
 * What the instruction corrected away: the value before 不对 / 哦不 / 不是 that the words after it replace.
 * 订后天去杭州的票，不对，大后天 → (后天 is part of 大后天, so nothing); 坐地铁去人民医院，啊不，坐公交 → 地铁;
 * 说周六一起吃饭，哦不对，不是周六，改天了 → 周六.
 */
export function retractedTerms(instruction: string, tokenize?: Tokenize): string[] {
  const clauses = comparable(instruction)
    .split(/[，,。.;；!！?？、]+/u)
    .map((c) => c.trim())
    .filter(Boolean);
  const out = new Set<string>();
  const plain = (c: string): boolean => !FILLER.test(c) && !CORRECTION.test(c);
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    if (!CORRECTION.test(clause)) continue;
    // 不是周六: the negated value itself.
    const negated = NEGATED.exec(clause)?.[1]?.replace(/了$/u, '');
    if (negated && !FILLER.test(negated)) {
      out.add(negated);
      continue;
    }
    // 哦不对，不是周六: the negation that follows names the value.
    const next = clauses[i + 1];
    if (next && NEGATED.test(next) && !FILLER.test(next)) continue;
    const before = clauses.slice(0, i).reverse().find(plain);
    // The correction's own words: the rest of this clause (哦不，打视频), else the next plain clause.
    const rest = clause.replace(CORRECTION, '').trim();
    const after = rest && !FILLER.test(rest) ? rest : clauses.slice(i + 1).find(plain);
    // Without a segmenter only a negated value (不是周六) can be told.
    if (!before || !after || !tokenize) continue;
    const words = (t: string): string[] =>
      tokenize(t)
        .map((w) => w.trim())
        .filter((w) => w !== '');
    const picked = replacedWord(words(before), words(after), after);
    if (picked) out.add(picked);
  }
  return [...out];
}

/** The word of the corrected clause that the correction replaces, when it can be told; null when it cannot be forbidden. */
function replacedWord(before: readonly string[], after: readonly string[], afterText: string): string | null {
  const tb = before.filter(isContent);
  const ta = after.filter(isContent);
  // 后天 → 大后天: the old word is part of the new one, so it cannot be forbidden.
  if (tb.some((t) => ta.some((a) => a !== t && a.includes(t)))) return null;
  const gone = tb.filter((t) => !ta.includes(t) && !afterText.includes(t));
  // The replaced word shares characters with its replacement without being part of it (五百 → 三百, 周六 → 周日).
  const alike = gone.find((t) => ta.some((a) => !t.includes(a) && [...t].some((ch) => a.includes(ch))));
  if (alike) return alike;
  // Or it follows a word both clauses say, stop words included (给药房打 → 给社区中心打; 打个语音 → 打视频; 坐地铁 → 坐公交).
  for (const a of after) {
    const at = before.findIndex((t) => t.includes(a));
    if (at < 0) continue;
    const host = before[at]!;
    const rest = host.startsWith(a) ? host.slice(a.length) : '';
    if (host !== a && isContent(rest)) return rest;
    const following = before.slice(at + 1).find((t) => gone.includes(t));
    if (following) return following;
  }
  // Else the last word of the corrected clause (把蓝牙关了 → 是打开: 关).
  return gone.at(-1) ?? null;
}

/**
 * The slots of a field from what the demonstrations typed into it and what the instruction says:
 * required = the content words common to every demonstration's text and the instruction; forbidden =
 * the instruction's corrected-away values that no demonstration typed, and (with required terms) the
 * negations neither the demonstrations nor the instruction said. Null when nothing is shared.
 */
export function deriveTextSlots(texts: readonly string[], hints: GoalHints = {}): TextSlots | null {
  const norm = texts.map(comparable).filter((t) => t !== '');
  if (norm.length === 0) return null;
  const instruction = hints.instruction ? comparable(hints.instruction) : null;
  const shortest = [...norm].sort((a, b) => [...a].length - [...b].length)[0]!;
  const others = [...norm.filter((t) => t !== shortest), ...(instruction ? [instruction] : [])];
  const required: string[] = [];
  for (const piece of commonPieces(shortest, others))
    for (const t of termsOf(piece, hints.tokenize)) if (!required.includes(t) && norm.every((x) => x.includes(t))) required.push(t);
  const forbidden = instruction
    ? retractedTerms(hints.instruction!, hints.tokenize).filter((f) => !required.includes(f) && norm.every((x) => !outside(x, f, required)))
    : [];
  // A piece of a corrected-away word (周 of 周六 in 周日) or a single character no segmentation makes a word is no slot.
  const words = hints.tokenize ? new Set([...norm, ...(instruction ? [instruction] : [])].flatMap((t) => hints.tokenize!(t))) : null;
  const kept = required.filter((r) => !forbidden.some((f) => f.includes(r)) && ([...r].length > 1 || !words || words.has(r)));
  // The value the demonstrations put where the corrected-away one was (周日 for 周六, however the instruction
  // left it open: 改天了) fills that slot: it is required too.
  const own = hints.tokenize ? hints.tokenize(norm[0]!).map((t) => t.trim()) : commonPieces(norm[0]!, norm.slice(1));
  for (const f of forbidden)
    for (const t of own)
      if (t !== f && isContent(t) && !kept.includes(t) && norm.every((x) => x.includes(t)) && [...t].some((ch) => f.includes(ch)))
        kept.push(t);
  if (kept.length === 0 && forbidden.length === 0) return null;
  // A negation turns a message around (我还没吃过药 holds 药 and 吃, and says the opposite). slotsVerdict reads required
  // terms as said, not denied, but derived terms are the demonstrations' words, often a long piece (已经吃过药) that a
  // draft's negation does not reach (我还没吃药 left in the field, then 我已经吃过药了): with no task check to say what
  // the message must say, a negation neither the demonstrations nor the instruction said is forbidden outright.
  const said = [...norm, ...(instruction ? [instruction] : [])];
  const negations = kept.length > 0 ? NEGATIONS.filter((w) => !said.some((t) => t.includes(w)) && !forbidden.includes(w)) : [];
  return { required: kept, forbidden: [...forbidden, ...negations] };
}

/** Words that negate a Chinese message (没 吃, 不 去, 别 来, 未 到). */
const NEGATIONS = ['没', '不', '别', '未'];

/**
 * The slots of a field whose demonstrations all typed a text the task's own check accepts: the check's terms
 * (what the task says the message must say), not the words the demonstrations happened to share — "我会晚一点到"
 * says the 晚 the task asks for though it lacks the demonstrations' 晚点. A term's alternatives stay alternatives
 * ("回|来|去|到|见": 周日见 answers 周日回来吃饭吗 as well as 周日我回去), days of the week spelled one way (星期天 is
 * 周日); a term no demonstration's text holds in one of its spellings, or a text saying a forbidden term, means the
 * check is about another field (null). The instruction's corrected-away values stay forbidden (`retracted`).
 */
export function slotsFromTask(texts: readonly string[], terms: readonly TaskTerms[], retracted: readonly string[] = []): TextSlots | null {
  const norm = texts.map(comparable).filter((t) => t !== '');
  if (norm.length === 0) return null;
  for (const t of terms) {
    const required: string[] = [];
    const everyHeld = t.required.every((r) => {
      const alts = [...new Set((typeof r === 'string' ? [r] : r).map(comparable))].filter((a) => a !== '' && !a.includes('|'));
      const held = alts.find((a) => norm.every((x) => x.includes(a)));
      // The one every demonstration wrote first: it names the slot where the Graphs screen shows it.
      const term = held === undefined ? '' : [held, ...alts.filter((a) => a !== held)].join('|');
      if (held !== undefined && !required.includes(term)) required.push(term);
      return held !== undefined;
    });
    if (!everyHeld || required.length === 0) continue;
    const forbidden = [...new Set([...t.forbidden, ...retracted].map(comparable))].filter(
      (f) => f !== '' && !required.some((r) => alternativesOf(r).includes(f)),
    );
    if (norm.some((x) => forbidden.some((f) => outside(x, f, required)))) continue;
    return { required, forbidden };
  }
  return null;
}

/** The slots of a free-text field: the task's own text check where it applies to the field, else derived (deriveTextSlots). */
export function fieldSlots(texts: readonly string[], hints: GoalHints = {}): TextSlots | null {
  const derived = deriveTextSlots(texts, hints);
  const retracted = (derived?.forbidden ?? []).filter((f) => !NEGATIONS.includes(f));
  return (hints.terms && slotsFromTask(texts, hints.terms, retracted)) || derived;
}

/** Whether `term` occurs in `text` outside every occurrence of the required terms (后天 inside 大后天 does not count). */
function outside(text: string, term: string, required: readonly string[]): boolean {
  let masked = text;
  const alts = required.flatMap(alternativesOf).sort((a, b) => b.length - a.length);
  for (const r of alts) if (r.includes(term)) masked = masked.split(r).join('\u0000');
  return masked.includes(term);
}

/** Whether a text says a forbidden term (outside every required one): the retracted 周六 in 周六我准时到. */
export function saysForbidden(value: string, slots: Partial<TextSlots>): boolean {
  return forbiddenIn(comparable(value), (slots.required ?? []).map(comparable).filter(Boolean), slots);
}

/** saysForbidden on a text and required terms made comparable already. */
const forbiddenIn = (v: string, required: readonly string[], slots: Partial<TextSlots>): boolean =>
  (slots.forbidden ?? []).map(comparable).some((f) => f !== '' && outside(v, f, required));

/**
 * A text against its slots: false when a forbidden term occurs (outside a required one) or a required term
 * is missing or denied (我还没到家: negation-scope.ts, as the task's text checks read it), true when every required
 * term is said, null when the slots require nothing (similarity decides).
 */
export function slotsVerdict(value: string, slots: Partial<TextSlots> | undefined): boolean | null {
  if (!slots) return null;
  const v = comparable(value);
  const required = (slots.required ?? []).map(comparable).filter(Boolean);
  if (forbiddenIn(v, required, slots)) return false;
  if (required.length === 0) return null;
  return required.every((r) => oneOfSaid(v, alternativesOf(r)) === 'said');
}
