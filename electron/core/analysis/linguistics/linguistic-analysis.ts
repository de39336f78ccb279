import { KNOWN_SCENARIOS, SEMANTIC_CATEGORIES, SYNTACTIC_CATEGORIES } from '../../../../shared/schemas/task.js';
import type { InstructionInput, InstructionMetrics } from './instruction-metrics.js';
import { measureInstruction } from './instruction-metrics.js';
import type { SetSummary } from './linguistic-summary.js';
import { summarizeSet } from './linguistic-summary.js';
import type { PosTaggerPort } from './pos-tagger-port.js';
import type { VerbChoice } from './verb-source.js';
import { chooseVerbSource } from './verb-source.js';

/**
 * RQ1: how an instruction set (ElderBench) differs from a baseline set (the paper uses
 * MobileWorld, translated into the same language). Either set may be any imported task set.
 */
export interface InstructionSet {
  name: string;
  items: readonly InstructionInput[];
}

export interface LinguisticAnalysis {
  sets: SetSummary[];
  /** Per set (same order): where its verb numbers came from. */
  verbSources: VerbChoice[];
  metrics: Record<string, InstructionMetrics[]>;
  notes: string[];
}

export const KNOWN = { syntactic: SYNTACTIC_CATEGORIES, semantic: SEMANTIC_CATEGORIES, scenario: KNOWN_SCENARIOS };

export function analyzeLinguistics(sets: readonly InstructionSet[], tagger: PosTaggerPort): LinguisticAnalysis {
  if (sets.length === 0) throw new RangeError('give at least one instruction set');
  const names = new Set<string>();
  for (const s of sets) {
    if (names.has(s.name)) throw new RangeError(`instruction set "${s.name}" is given twice; compare two different sets`);
    names.add(s.name);
  }
  const metrics: Record<string, InstructionMetrics[]> = {};
  const verbSources: VerbChoice[] = [];
  const summaries = sets.map((s) => {
    const choice = chooseVerbSource(
      s.items.map((i) => i.annotated ?? null),
      'the POS tagger (jieba for Chinese, compromise for English)',
    );
    verbSources.push(choice);
    const m = s.items.map((i) => {
      const pos = measureInstruction(i, tagger);
      return choice.annotated ? { ...pos, verbs: i.annotated!.verbs.length, verbWords: [...i.annotated!.verbs] } : pos;
    });
    metrics[s.name] = m;
    return summarizeSet(s.name, m, KNOWN);
  });
  const notes: string[] = [];
  const units = new Set(summaries.map((s) => s.lengthUnit));
  if (units.size > 1 || units.has('mixed')) {
    notes.push(
      `lengths are in different units (${summaries.map((s) => `${s.name}: ${s.lengthUnit}`).join(', ')}); translate the baseline into the same language before comparing lengths (paper Appendix C.1)`,
    );
  }
  return { sets: summaries, verbSources, metrics, notes };
}
