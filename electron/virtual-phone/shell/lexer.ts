import { ShellSyntaxError } from './ast.js';
import type { Word, WordPart } from './ast.js';

/** Tokens of the device shell. Operators are recognised only outside quotes, as in POSIX sh. */
export type Token =
  { kind: 'word'; word: Word; raw: string; quoted: boolean } | { kind: 'op'; op: string; ioNumber?: number } | { kind: 'newline' };

const OPERATORS = ['&&', '||', ';;', '>>', '>&', '<<', ';', '&', '|', '>', '<', '(', ')'];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\n') {
      out.push({ kind: 'newline' });
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2; // line continuation
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      out.push({ kind: 'op', op });
      i += op.length;
      continue;
    }
    const start = i;
    const { word, end, quoted } = readWord(src, i);
    i = end;
    const raw = src.slice(start, end);
    // `2>/dev/null`: digits directly followed by a redirection operator are an IO number.
    if (!quoted && /^\d+$/.test(raw) && (src[i] === '>' || src[i] === '<')) {
      const op2 = src.startsWith('>>', i) ? '>>' : src.startsWith('>&', i) ? '>&' : src[i]!;
      out.push({ kind: 'op', op: op2, ioNumber: Number(raw) });
      i += op2.length;
      continue;
    }
    out.push({ kind: 'word', word, raw, quoted });
  }
  return out;
}

function readWord(src: string, start: number): { word: Word; end: number; quoted: boolean } {
  const parts: WordPart[] = [];
  let lit = '';
  let quoted = false;
  const flush = () => {
    if (lit) parts.push({ lit });
    lit = '';
  };
  const readVar = (i: number): number => {
    // i points at '$'
    const rest = src.slice(i + 1);
    if (rest.startsWith('{')) {
      const close = rest.indexOf('}');
      if (close < 0) throw new ShellSyntaxError('${: bad substitution');
      flush();
      parts.push({ variable: rest.slice(1, close) });
      return i + close + 2;
    }
    const special = /^[?$#!0-9@*-]/.exec(rest);
    const m = NAME.exec(rest) ?? special;
    if (!m) {
      lit += '$';
      return i + 1;
    }
    flush();
    parts.push({ variable: m[0] });
    return i + 1 + m[0].length;
  };
  let i = start;
  while (i < src.length) {
    const c = src[i]!;
    if (' \t\r\n'.includes(c) || OPERATORS.some((o) => src.startsWith(o, i))) break;
    if (c === "'") {
      quoted = true;
      const close = src.indexOf("'", i + 1);
      if (close < 0) throw new ShellSyntaxError('no closing quote');
      lit += src.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (i >= src.length) throw new ShellSyntaxError('no closing quote');
        const d = src[i]!;
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\' && i + 1 < src.length && '$`"\\\n'.includes(src[i + 1]!)) {
          if (src[i + 1] !== '\n') lit += src[i + 1];
          i += 2;
        } else if (d === '$') {
          i = readVar(i);
        } else {
          lit += d;
          i++;
        }
      }
    } else if (c === '\\') {
      quoted = true;
      if (i + 1 < src.length) lit += src[i + 1];
      i += 2;
    } else if (c === '$') {
      i = readVar(i);
    } else {
      lit += c;
      i++;
    }
  }
  flush();
  if (parts.length === 0) parts.push({ lit: '' });
  return { word: parts, end: i, quoted };
}
