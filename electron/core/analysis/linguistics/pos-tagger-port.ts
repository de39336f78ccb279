/**
 * Part-of-speech tagging behind a port: the taggers (jieba is a native addon, compromise
 * is heavy) live in electron/adapters/nlp-pos/; core only counts what they tag.
 */
export type CoarsePos = 'VERB' | 'AUX' | 'NOUN' | 'PRON' | 'ADJ' | 'ADV' | 'NUM' | 'PUNCT' | 'OTHER';

export interface PosToken {
  word: string;
  /** The tagger's own tag (jieba: v, vn, n…; compromise: Verb|Infinitive…), kept for audits. */
  tag: string;
  /**
   * Coarse class. VERB means a content (operational) verb; auxiliaries, modals and copulas
   * are AUX so "can't hear" counts one verb, not two.
   */
  pos: CoarsePos;
}

export interface PosTaggerPort {
  tag(text: string, lang: 'zh' | 'en'): PosToken[];
}
