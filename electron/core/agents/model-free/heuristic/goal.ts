import type { TokenizerPort } from '../tokenizer-port.js';
import { INTENTS, STOPWORDS } from './synonyms.js';

/** What the heuristic looks for on screen, read from the instruction. */
export interface Goal {
  /** Content words of the instruction plus the matched intents' words, most specific first. */
  words: string[];
  /** Apps that usually hold the goal (from matched intents). */
  apps: string[];
  intents: string[];
  /** Text the user wants typed: quoted text, or what follows 搜索/search. */
  typeText: string | null;
}

const QUOTED = /[“"「『']([^”"」』']{1,40})[”"」』']/;
const SEARCH = /(?:搜索|搜一下|查一下|search\s+for|search|look\s+up)\s*[:：]?\s*([^，。,.!?！？]{1,30})/i;

export function readGoal(instruction: string, tokenizer: TokenizerPort): Goal {
  const words: string[] = [];
  const add = (w: string): void => {
    const t = w.trim();
    if (t.length === 0 || STOPWORDS.has(t.toLowerCase()) || /^[\p{P}\p{S}\s\d]+$/u.test(t)) return;
    if (!words.some((x) => x.toLowerCase() === t.toLowerCase())) words.push(t);
  };
  const intents = INTENTS.filter((e) => e.patterns.some((p) => p.test(instruction)));
  // Intent words first: they are what the screen will actually say for an indirect phrasing.
  for (const e of intents) e.words.forEach(add);
  for (const piece of instruction.split(/([\u3400-\u9fff]+)/u)) {
    if (/[\u3400-\u9fff]/u.test(piece)) tokenizer.cut(piece).forEach(add);
    else (piece.toLowerCase().match(/[a-z][a-z'-]*|\d+/g) ?? []).forEach(add);
  }
  const typed = QUOTED.exec(instruction)?.[1] ?? SEARCH.exec(instruction)?.[1] ?? null;
  return {
    words,
    apps: [...new Set(intents.flatMap((e) => e.apps))],
    intents: intents.map((e) => e.id),
    typeText: typed ? typed.trim() : null,
  };
}
