/**
 * What the explorer types and what it tries first, from the task's own words: the instruction, its
 * explicit rewrite, the speaker's facts and the texts the demonstrations typed. Texts are the task's
 * values and plausible wrong ones (a neighbouring number, the value the speaker corrected away, a
 * message with one word flipped); random junk tells a graph nothing.
 */

export interface TaskWords {
  instruction: string;
  normalized?: string | undefined;
  /** What the speaker knows (the `user` block's facts). */
  facts?: readonly string[] | undefined;
  /** Texts the demonstrations typed. */
  typed: readonly string[];
}

export interface TypedValue {
  text: string;
  why: 'demonstrated' | 'task' | 'neighbour' | 'retracted' | 'flipped';
}

const DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000 };

/** A Chinese numeral (五百, 两百, 三十五, 十) as a number; null when it is not one. */
export function chineseNumber(s: string): number | null {
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const ch of s) {
    if (ch in DIGITS) digit = DIGITS[ch]!;
    else if (ch in UNITS) {
      const u = UNITS[ch]!;
      if (u === 10000) {
        total = (total + section + (digit ?? 0)) * u;
        section = 0;
      } else section += (digit ?? 1) * u;
      digit = null;
    } else return null;
  }
  const n = total + section + (digit ?? 0);
  return s.length > 0 ? n : null;
}

/**
 * The numbers a text says, in order: digit runs, and Chinese numerals that are clearly amounts — with a
 * unit (五百, 十) or a measure word after them (两箱, 六点). A weekday (周六) and the 一 of 一起 are not numbers.
 */
export function numbersSaid(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+/g)) {
    const s = m[0];
    if (/^\d/.test(s)) {
      out.push(Number(s));
      continue;
    }
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    const after = text[m.index + s.length] ?? '';
    if (/(周|星期|礼拜)$/.test(before)) continue;
    if (!/[十百千万]/.test(s) && !/[元块点个箱张次分岁号天月年楼层斤件盒瓶杯位人]/.test(after)) continue;
    const n = chineseNumber(s);
    if (n !== null) out.push(n);
  }
  return out;
}

/** Word pairs whose swap turns a right message into a careless one (the day, early or late, done or not). */
const FLIPS: readonly [string, string][] = [
  ['周日', '周六'],
  ['周六', '周日'],
  ['晚点', '早点'],
  ['已经', '还没'],
  ['吃过', '没吃'],
  ['到家', '出门'],
  ['准时', '晚点'],
  ['中午', '晚上'],
];

const QUOTED = /[“"「《]([^”"」》]{1,30})[”"」》]/g;

/** A text's neighbouring numbers: one step of its own scale below and above (300 → 200, 400; 6 → 5, 7). */
function neighbours(n: number): number[] {
  const step = n >= 100 && n % 100 === 0 ? 100 : n >= 10 && n % 10 === 0 ? 10 : 1;
  return [n - step, n + step].filter((x) => x >= 0);
}

/** The texts to type into a focused field, the task's values first, at most `max`. */
export function typedValues(w: TaskWords, max = 8): TypedValue[] {
  const out: TypedValue[] = [];
  const add = (text: string, why: TypedValue['why']): void => {
    const t = text.trim();
    if (t && !out.some((v) => v.text === t)) out.push({ text: t, why });
  };
  for (const t of w.typed) add(t, 'demonstrated');
  const told = [w.normalized ?? '', ...(w.facts ?? []), w.instruction];
  for (const s of told) for (const m of s.matchAll(QUOTED)) add(m[1]!, 'task');
  // What the explicit rewrite says to send ("发短信：我晚点到").
  const said = /[：:]\s*([^，。；]{2,30})$/.exec(w.normalized ?? '');
  if (said) add(said[1]!, 'task');
  const right = new Set(w.typed.flatMap((t) => (/^\d+$/.test(t.trim()) ? [Number(t.trim())] : [])));
  for (const n of numbersSaid(w.normalized ?? '')) if (w.typed.length === 0 || right.has(n)) right.add(n);
  for (const n of right) for (const x of neighbours(n)) add(String(x), 'neighbour');
  // A number the speaker said but the rewrite does not keep is the one they corrected away (五百 → 三百).
  const kept = new Set(numbersSaid(w.normalized ?? ''));
  for (const n of numbersSaid(w.instruction)) if (!kept.has(n) && !right.has(n)) add(String(n), 'retracted');
  for (const t of w.typed) {
    const flip = FLIPS.find(([a]) => t.includes(a));
    if (flip) add(t.replace(flip[0], flip[1]), 'flipped');
  }
  return out.slice(0, max);
}

/** Words that move a task forward on most apps (confirm, send, save, start…). */
const COMMIT =
  /确认|确定|提交|保存|发送|开始|安装|呼叫|拨打|转账|播放|购买|支付|缴费|完成|搜索|查询|下单|结算|导航|申诉|退票|收藏|屏蔽|删除|分享|更新|暂停|打开|视频通话/;

/** Letters and CJK only: digits are compared as numbers, not as characters. */
const compact = (s: string): string => s.normalize('NFKC').replace(/[\s\p{P}\p{S}\d]+/gu, '');

function bigrams(s: string): string[] {
  const c = [...s];
  return c.length < 2 ? c : c.slice(0, -1).map((x, i) => x + c[i + 1]);
}

/**
 * How much an element's label has to do with the task (0–1): its words in the task's text, a number the
 * task says, or a word that moves most tasks forward. The explorer tries relevant elements first, as a
 * person reads a screen for them.
 */
export function relevanceScorer(w: TaskWords): (label: string) => number {
  const text = compact([w.instruction, w.normalized ?? '', ...(w.facts ?? []), ...w.typed].join(' '));
  const grams = new Set(bigrams(text));
  // The numbers the task wants (a number only the instruction says may be the one corrected away).
  const numbers = new Set([...numbersSaid(w.normalized ?? ''), ...w.typed.flatMap((t) => numbersSaid(t))]);
  return (label: string): number => {
    const said = numbersSaid(label);
    const byNumber = said.length > 0 && said.some((n) => numbers.has(n)) ? 0.9 : 0;
    const l = compact(label);
    const commit = COMMIT.test(label) ? 0.5 : 0;
    if (!l) return Math.max(byNumber, commit);
    if ([...l].length >= 2 && text.includes(l)) return 1;
    const own = bigrams(l);
    const shared = own.filter((g) => grams.has(g)).length;
    const byWords = own.length > 0 && [...l].length >= 2 ? Math.min(1, (2 * shared) / own.length) : 0;
    const single = [...l].length === 1 && text.includes(l) ? 0.3 : 0;
    return Math.max(byWords * 0.9, single, commit, byNumber);
  };
}
