import type { Jieba } from '@node-rs/jieba';
import { jiebaWithDefaultDict } from '../nlp/jieba.js';
import type { CoarsePos, PosToken } from '../../core/analysis/linguistics/pos-tagger-port.js';
import { APP_NAMES_ZH, userDict } from './app-names.js';

/**
 * Verbs jieba tags as v but that carry no operation: copula, modals and auxiliaries
 * (想看看 → 想 is a modal, 看看 is the operation). Counted as AUX, not VERB.
 */
const ZH_AUX = new Set(['是', '能', '会', '要', '想', '可以', '可能', '应该', '能够', '愿意', '得', '敢', '肯']);
// jieba's verb tags: v (verb), vd (verb used adverbially), vi, vg (verb morpheme), vq, vf, vx.
// vn (verbal noun, e.g. 设置 in 打开设置) is used nominally, so it is a NOUN here.
const ZH_VERB_TAGS = new Set(['v', 'vd', 'vi', 'vg', 'vq', 'vf', 'vx']);
const PUNCT = /^[\p{P}\p{S}\s]+$/u;

export function jiebaCoarse(word: string, tag: string): CoarsePos {
  if (ZH_VERB_TAGS.has(tag)) return ZH_AUX.has(word) ? 'AUX' : 'VERB';
  if (tag === 'x' && PUNCT.test(word)) return 'PUNCT';
  if (tag === 'r') return 'PRON';
  if (tag.startsWith('n') || tag === 'vn' || tag === 'eng' || tag === 't' || tag === 's' || tag === 'f') return 'NOUN';
  if (tag.startsWith('a')) return tag === 'ad' ? 'ADV' : 'ADJ';
  if (tag === 'd') return 'ADV';
  if (tag === 'm' || tag === 'q') return 'NUM';
  return 'OTHER';
}

/** Chinese POS tagging with @node-rs/jieba (native addon; load ≈ 250 ms, then fast). HMM off for determinism. */
export class JiebaPosTagger {
  private readonly jieba: Jieba;

  constructor(extraWords: readonly string[] = []) {
    // A private instance: loadDict mutates it, so we do not share the tokenizer adapter's.
    this.jieba = jiebaWithDefaultDict();
    this.jieba.loadDict(userDict([...APP_NAMES_ZH, ...extraWords]));
  }

  tag(text: string): PosToken[] {
    return this.jieba
      .tag(text, false)
      .filter((t) => t.word.trim() !== '')
      .map((t) => ({ word: t.word, tag: t.tag, pos: jiebaCoarse(t.word, t.tag) }));
  }
}
