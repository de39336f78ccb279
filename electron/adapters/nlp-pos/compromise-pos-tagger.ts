import type nlpType from 'compromise';
import { lazyRequire } from '../system/lazy-require.js';

const nlp = lazyRequire<typeof nlpType>('compromise');
import type { CoarsePos, PosToken } from '../../core/analysis/linguistics/pos-tagger-port.js';

/** compromise tags → coarse classes; auxiliaries, modals and copulas ("is", "can't") are AUX. */
export function compromiseCoarse(tags: readonly string[]): CoarsePos {
  const has = (t: string): boolean => tags.includes(t);
  if (has('Verb')) return has('Auxiliary') || has('Modal') || has('Copula') ? 'AUX' : 'VERB';
  if (has('Pronoun')) return 'PRON';
  if (has('Value') || has('Cardinal')) return 'NUM';
  if (has('Noun')) return 'NOUN';
  if (has('Adjective')) return 'ADJ';
  if (has('Adverb')) return 'ADV';
  return 'OTHER';
}

interface TermJson {
  text: string;
  tags: string[];
}

/** English POS tagging with compromise (pure JS, rule-based; it can mis-tag a sentence-initial imperative). */
export class CompromisePosTagger {
  tag(text: string): PosToken[] {
    const sentences = nlp()(text).json() as { terms: TermJson[] }[];
    return (
      sentences
        .flatMap((s) => s.terms)
        // compromise expands contractions into an extra empty term ("can't" → "can't" + "").
        .filter((t) => t.text.trim() !== '')
        .map((t) => ({ word: t.text, tag: t.tags.join('|'), pos: compromiseCoarse(t.tags) }))
    );
  }
}
