import type { WorkBudget } from './work-budget.js';

/**
 * A balanced-parenthesis, quote-aware scanner for Python-style calls such as
 * `do(action="Tap", element=[1,2])` or `type(content='it\'s (fine)')` (reply cases 2 and 8).
 * `split`/regex parsers break on `)` or `,` inside strings, on multi-line text and on
 * apostrophes; this one walks characters once.
 *
 * Quote rule: inside a string, a matching quote closes it only when the next
 * non-space character could follow an argument (`,` `)` `]` `}` or the end).
 * Otherwise the quote is literal — that is how `type(content='it's')` survives.
 */

export interface ScannedCall {
  name: string;
  /** Top-level comma-separated argument texts, untrimmed of quotes. */
  args: string[];
  start: number;
  /** Index just past the closing parenthesis. */
  end: number;
  text: string;
}

export interface ScanResult {
  calls: ScannedCall[];
  /** A known call name followed by `(` that never closed: the reply was probably cut off. */
  unclosed: { name: string; start: number } | null;
}

const CLOSERS = new Set([',', ')', ']', '}']);

function closesString(s: string, i: number): boolean {
  let j = i + 1;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t')) j++;
  return j >= s.length || CLOSERS.has(s[j]!);
}

/**
 * Scans the argument list starting just after `(` at `open`.
 * Returns the split arguments and the end index, or null if it never closes (or the
 * budget ran out first).
 */
export function scanArgs(s: string, open: number, budget?: WorkBudget): { args: string[]; end: number } | null {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let partStart = open + 1;
  let spentFrom = open + 1;
  const spend = (i: number): boolean => {
    const ok = budget?.spend(i - spentFrom) ?? true;
    spentFrom = i;
    return ok;
  };
  for (let i = open + 1; i < s.length; i++) {
    if ((i & 4095) === 0 && !spend(i)) return null;
    const c = s[i]!;
    if (quote) {
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === quote && closesString(s, i)) quote = null;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
    else if (c === ')') {
      if (depth === 0) {
        spend(i);
        const last = s.slice(partStart, i);
        if (last.trim() !== '' || args.length > 0) args.push(last);
        return { args, end: i + 1 };
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      args.push(s.slice(partStart, i));
      partStart = i + 1;
    }
  }
  spend(s.length);
  return null;
}

const isIdentStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdentChar = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57);
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;

/**
 * Finds every complete call whose name is in `names` (matched case-insensitively).
 * A name must start at a word boundary: `redo(` is not `do(`, `x.do(` is not `do(`.
 * One pass over the identifiers (no regex backtracking over long words), plus one
 * argument scan per candidate call, all charged to `budget` when one is given.
 */
export function findCalls(s: string, names: readonly string[], from = 0, budget?: WorkBudget): ScanResult {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const calls: ScannedCall[] = [];
  let unclosed: ScanResult['unclosed'] = null;
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (!isIdentStart(c)) {
      i++;
      continue;
    }
    const start = i;
    while (i < s.length && isIdentChar(s.charCodeAt(i))) i++;
    if (budget && !budget.spend(i - start)) break;
    const prev = start > 0 ? s.charCodeAt(start - 1) : -1;
    if (prev !== -1 && (isIdentChar(prev) || prev === 46)) continue; // part of a longer name or a.b()
    let open = i;
    while (open < s.length && isSpace(s.charCodeAt(open))) open++;
    if (s[open] !== '(') continue;
    const name = s.slice(start, i);
    if (!wanted.has(name.toLowerCase())) continue;
    const scanned = scanArgs(s, open, budget);
    if (!scanned) {
      unclosed ??= { name, start };
      if (budget?.exhausted) break;
      continue;
    }
    calls.push({ name, args: scanned.args, start, end: scanned.end, text: s.slice(start, scanned.end) });
    i = scanned.end;
  }
  return { calls, unclosed };
}

export interface CallArgs {
  named: Map<string, string>;
  positional: string[];
}

/** Splits `key=value` pairs; values stay raw (see decodeValue). Keys are lower-cased. */
export function namedArgs(args: string[]): CallArgs {
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (const a of args) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(a);
    if (m) named.set(m[1]!.toLowerCase(), a.slice(m[0].length).trim());
    else if (a.trim() !== '') positional.push(a.trim());
  }
  return { named, positional };
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

/**
 * A Python string literal → its text (escapes `\'` `\"` `\n` `\\` `\t` decoded),
 * or the bare trimmed text when it is not quoted. Everything else (CJK, %, &, emoji)
 * round-trips unchanged.
 */
export function decodeValue(raw: string): string {
  const t = raw.trim();
  const q = t[0];
  if ((q === '"' || q === "'") && t.length >= 2 && t[t.length - 1] === q) {
    const body = t.slice(1, -1);
    return body.replace(/\\(.)/gs, (_all, ch: string) => ESCAPES[ch] ?? `\\${ch}`);
  }
  return t;
}

export function isQuoted(raw: string): boolean {
  const t = raw.trim();
  return t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0];
}
