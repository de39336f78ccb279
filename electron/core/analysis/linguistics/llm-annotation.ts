import { SEMANTIC_CATEGORIES, SYNTACTIC_CATEGORIES } from '../../../../shared/schemas/task.js';
import type { Agreement } from '../stats/agreement.js';
import { agreement } from '../stats/agreement.js';
import { errorMessage } from '../../../../shared/error-message.js';

/**
 * LLM-assisted linguistic annotation (paper Appendix C): a configured OpenAI-compatible
 * model proposes the syntactic and semantic category and the operational verbs of an
 * instruction; humans verify. The model call is a port so core never speaks HTTP.
 * The prompt text is documented verbatim in docs/analysis.md — keep the two in sync.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionPort {
  complete(messages: readonly ChatMessage[]): Promise<string>;
}

export type SyntacticCategory = (typeof SYNTACTIC_CATEGORIES)[number];
export type SemanticCategory = (typeof SEMANTIC_CATEGORIES)[number];

export interface LlmAnnotation {
  syntactic: SyntacticCategory;
  semantic: SemanticCategory;
  verbs: string[];
}

export const ANNOTATION_SYSTEM_PROMPT = `You are a linguist annotating smartphone instructions spoken by older adults to a phone assistant.
Classify the instruction on two dimensions and extract its operational verbs.

Syntactic category (exactly one):
- Canonical: a standard imperative with an explicit operation ("Turn up the volume").
- Narrative: a declarative description of a need or situation instead of a request ("My grandson sent me a video").
- Elliptical: an incomplete expression that omits information needed to act ("Volume, louder").
- Compound: several intents or sequential/parallel operations ("Open WeChat and call my daughter").

Semantic category (exactly one):
- Clear and Explicit: directly states the intended action and its parameters.
- Under-specification: a clear goal that lacks required parameters.
- Disfluency-Correction: repetition, hesitation or self-correction.
- Referential Ambiguity: relies on context references such as "this" or "that".
- Indirect Speech: describes a state or difficulty instead of the desired operation.

Verbs: the core operational verbs, in order: the operations the user asks the phone to perform; [] if there are none.
- One verb per operation: keep a resultative complement (打开, 调大), drop a measure or classifier and the object (调一下 → 调, 打个视频 → 打).
- Not verbs here: modals and auxiliaries (能, 会, 要, 想, 可以; can, want), a helping 帮 (帮我打开微信 → 打开), and verbs that describe the user's state or difficulty (看不清, 听不见).

Answer with one JSON object and nothing else:
{"syntactic": "<category>", "semantic": "<category>", "verbs": ["<verb>", ...]}`;

export function annotationMessages(instruction: string): ChatMessage[] {
  return [
    { role: 'system', content: ANNOTATION_SYSTEM_PROMPT },
    { role: 'user', content: `Instruction: ${JSON.stringify(instruction)}` },
  ];
}

export class AnnotationParseError extends Error {
  override readonly name = 'AnnotationParseError';
  constructor(
    message: string,
    readonly answer: string,
  ) {
    super(message);
  }
}

// The paper writes "Disfluency/Correction"; our schema uses a hyphen. Accept both spellings, nothing looser.
const SEMANTIC_ALIASES: Record<string, SemanticCategory> = { 'Disfluency/Correction': 'Disfluency-Correction' };

/**
 * Strict: exactly one JSON object (optionally inside one ```json fence, which models add
 * despite being told not to), exactly the keys syntactic/semantic/verbs, categories spelled
 * exactly as in the prompt. Anything else is an error that quotes the problem, never a guess.
 */
export function parseAnnotation(answer: string): LlmAnnotation {
  const trimmed = answer.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  const body = fenced ? fenced[1]!.trim() : trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new AnnotationParseError('the answer is not a single JSON object; the prompt asks for JSON only', answer);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AnnotationParseError('the answer is JSON but not an object', answer);
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  if (keys.join(',') !== 'semantic,syntactic,verbs') {
    throw new AnnotationParseError(`expected exactly the keys syntactic, semantic, verbs; got ${keys.join(', ') || 'none'}`, answer);
  }
  const syn = obj.syntactic;
  if (typeof syn !== 'string' || !(SYNTACTIC_CATEGORIES as readonly string[]).includes(syn)) {
    throw new AnnotationParseError(
      `unknown syntactic category ${JSON.stringify(syn)}; expected one of ${SYNTACTIC_CATEGORIES.join(', ')}`,
      answer,
    );
  }
  const semRaw = obj.semantic;
  const sem = typeof semRaw === 'string' ? (SEMANTIC_ALIASES[semRaw] ?? semRaw) : semRaw;
  if (typeof sem !== 'string' || !(SEMANTIC_CATEGORIES as readonly string[]).includes(sem)) {
    throw new AnnotationParseError(
      `unknown semantic category ${JSON.stringify(semRaw)}; expected one of ${SEMANTIC_CATEGORIES.join(', ')}`,
      answer,
    );
  }
  const verbs = obj.verbs;
  if (!Array.isArray(verbs) || verbs.some((v) => typeof v !== 'string' || v.trim() === '')) {
    throw new AnnotationParseError('verbs must be an array of non-empty strings ([] when there are none)', answer);
  }
  return { syntactic: syn as SyntacticCategory, semantic: sem as SemanticCategory, verbs: verbs as string[] };
}

export type AnnotationOutcome =
  { id: string; ok: true; annotation: LlmAnnotation } | { id: string; ok: false; error: string; answer?: string };

/** Annotates one instruction at a time (rate limits are the port's concern); failures are recorded, not thrown. */
export async function annotateInstructions(
  port: CompletionPort,
  items: readonly { id: string; instruction: string }[],
): Promise<AnnotationOutcome[]> {
  const out: AnnotationOutcome[] = [];
  for (const item of items) {
    let answer: string;
    try {
      answer = await port.complete(annotationMessages(item.instruction));
    } catch (e) {
      out.push({ id: item.id, ok: false, error: `model call failed: ${errorMessage(e)}` });
      continue;
    }
    try {
      out.push({ id: item.id, ok: true, annotation: parseAnnotation(answer) });
    } catch (e) {
      out.push({ id: item.id, ok: false, error: errorMessage(e), answer });
    }
  }
  return out;
}

export interface AnnotationAgreement {
  /** Items with both an LLM annotation and a human label. */
  compared: number;
  syntactic: Agreement;
  semantic: Agreement;
  /** Mean of the two percent agreements (the paper's "average agreement", 93.10%). */
  averagePercentAgreement: number;
}

/** Agreement of LLM labels with human labels, matched by id; unparsed LLM answers are skipped. */
export function annotationAgreement(
  llm: readonly AnnotationOutcome[],
  human: ReadonlyMap<string, { syntactic: string; semantic: string }>,
): AnnotationAgreement | null {
  const pairs = llm.flatMap((o) => {
    const h = human.get(o.id);
    return o.ok && h ? [{ l: o.annotation, h }] : [];
  });
  if (pairs.length === 0) return null;
  const syntactic = agreement(pairs.map((p) => [p.l.syntactic, p.h.syntactic] as const));
  const semantic = agreement(pairs.map((p) => [p.l.semantic, p.h.semantic] as const));
  return {
    compared: pairs.length,
    syntactic,
    semantic,
    averagePercentAgreement: (syntactic.percentAgreement + semantic.percentAgreement) / 2,
  };
}
