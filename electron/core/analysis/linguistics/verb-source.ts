/**
 * Which verb count stands for an instruction. The paper's measure is the number of core
 * operational verbs, extracted by an LLM and checked by a person (Appendix C); a POS tagger's
 * count is only a fallback. Sources, best first:
 *
 * 1. `checked` — an `analyze annotate` proposal a person accepted or edited in the Analysis
 *    screen (stored with the instruction it was made for: a changed instruction voids it);
 * 2. `task-file` — `annotations.verbs` in the task-set file;
 * 3. `pos` — the POS tagger (jieba / compromise), labelled as the fallback.
 *
 * A set (Table 5) or an analysis (attribution) uses annotated counts only when every one of
 * its instructions has them — a mean over a mix of two measures would be neither — and says
 * which source its numbers came from.
 */
export type VerbSource = 'checked' | 'task-file' | 'pos';

export interface AnnotatedVerbs {
  verbs: string[];
  source: Exclude<VerbSource, 'pos'>;
}

export interface StoredVerbAnnotation {
  instruction: string;
  /** What a person accepted or edited; null while it is only a proposal. */
  accepted: string[] | null;
}

export function annotatedVerbs(
  task: { instruction: string; annotations: { verbs?: string[] | undefined } },
  stored: StoredVerbAnnotation | undefined,
): AnnotatedVerbs | null {
  if (stored?.accepted && stored.instruction === task.instruction) return { verbs: stored.accepted, source: 'checked' };
  if (task.annotations.verbs) return { verbs: task.annotations.verbs, source: 'task-file' };
  return null;
}

export interface VerbChoice {
  /** True when every instruction has annotated verbs and they are used. */
  annotated: boolean;
  /** How many instructions have each source available. */
  counts: Record<Exclude<VerbSource, 'pos'>, number>;
  total: number;
  /** A sentence for tables: where the verb numbers came from. */
  label: string;
}

export function chooseVerbSource(items: readonly (AnnotatedVerbs | null)[], posTagger = 'a POS tagger'): VerbChoice {
  const counts = { checked: 0, 'task-file': 0 };
  for (const a of items) if (a) counts[a.source]++;
  const have = counts.checked + counts['task-file'];
  const total = items.length;
  const annotated = total > 0 && have === total;
  const parts = [
    counts.checked ? `${counts.checked} checked in the Analysis screen` : '',
    counts['task-file'] ? `${counts['task-file']} from the task file` : '',
  ].filter(Boolean);
  const label = annotated
    ? `annotated core operational verbs (${parts.join(', ')})`
    : `fallback: content verbs counted by ${posTagger}${have ? ` (only ${have} of ${total} instructions have annotated verbs; annotate the rest to use the paper's measure)` : ' (no annotated verbs; the paper counts LLM-extracted, person-checked core verbs)'}`;
  return { annotated, counts, total, label };
}
