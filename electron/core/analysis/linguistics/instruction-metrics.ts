import type { PosTaggerPort, PosToken } from './pos-tagger-port.js';
import type { AnnotatedVerbs } from './verb-source.js';

/**
 * Per-instruction measures for RQ1 (paper §3.2, Appendix D): length, verb count and the
 * task's three annotations.
 *
 * Length: Chinese counts characters — every non-whitespace code point (CJK characters,
 * Latin letters, digits and punctuation alike), which is how "78.31% contain fewer than 20
 * characters" reads. English counts words: maximal runs of letters/digits, with inner
 * apostrophes/hyphens kept ("can't", "Wi-Fi" are one word each).
 */
export interface InstructionInput {
  id: string;
  instruction: string;
  lang: 'zh' | 'en';
  syntactic: string;
  semantic: string;
  scenario: string;
  /** Person-checked core verbs, when the instruction has them (verb-source.ts). */
  annotated?: AnnotatedVerbs | null;
}

export interface InstructionMetrics extends InstructionInput {
  length: number;
  lengthUnit: 'characters' | 'words';
  /** The verb count in use: the POS tagger's here; the set's analysis swaps in annotated counts (verb-source.ts). */
  verbs: number;
  /** The words counted as verbs, in order (for spot checks). */
  verbWords: string[];
}

const EN_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function instructionLength(text: string, lang: 'zh' | 'en'): number {
  if (lang === 'en') return text.match(EN_WORD)?.length ?? 0;
  let n = 0;
  for (const ch of text) if (!/\s/u.test(ch)) n++;
  return n;
}

export function verbsOf(tokens: readonly PosToken[]): string[] {
  return tokens.filter((t) => t.pos === 'VERB').map((t) => t.word);
}

export function measureInstruction(input: InstructionInput, tagger: PosTaggerPort): InstructionMetrics {
  const verbWords = verbsOf(tagger.tag(input.instruction, input.lang));
  return {
    ...input,
    length: instructionLength(input.instruction, input.lang),
    lengthUnit: input.lang === 'zh' ? 'characters' : 'words',
    verbs: verbWords.length,
    verbWords,
  };
}
