import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, CompletionPort } from './llm-annotation.js';
import { ANNOTATION_SYSTEM_PROMPT, annotateInstructions, annotationAgreement, parseAnnotation } from './llm-annotation.js';

describe('parseAnnotation (strict)', () => {
  it('accepts the exact JSON object, also inside one ```json fence, and the paper’s slash spelling', () => {
    expect(parseAnnotation('{"syntactic":"Elliptical","semantic":"Indirect Speech","verbs":[]}')).toEqual({
      syntactic: 'Elliptical',
      semantic: 'Indirect Speech',
      verbs: [],
    });
    expect(parseAnnotation('```json\n{"syntactic":"Compound","semantic":"Disfluency/Correction","verbs":["打开","拨打"]}\n```')).toEqual({
      syntactic: 'Compound',
      semantic: 'Disfluency-Correction',
      verbs: ['打开', '拨打'],
    });
  });

  it.each([
    ['Sure! {"syntactic":"Canonical","semantic":"Clear and Explicit","verbs":[]}', /not a single JSON object/],
    ['["Canonical"]', /not an object/],
    ['{"syntactic":"Canonical","semantic":"Clear and Explicit"}', /exactly the keys/],
    ['{"syntactic":"Canonical","semantic":"Clear and Explicit","verbs":[],"confidence":0.9}', /exactly the keys/],
    ['{"syntactic":"canonical","semantic":"Clear and Explicit","verbs":[]}', /unknown syntactic category "canonical"/],
    ['{"syntactic":"Canonical","semantic":"Vague","verbs":[]}', /unknown semantic category "Vague"/],
    ['{"syntactic":"Canonical","semantic":"Clear and Explicit","verbs":"open"}', /verbs must be an array/],
  ])('rejects %s', (answer, message) => {
    expect(() => parseAnnotation(answer)).toThrow(message);
  });
});

describe('annotateInstructions with a fake model', () => {
  it('sends the documented prompt and records failures per item instead of throwing', async () => {
    const seen: ChatMessage[][] = [];
    const port: CompletionPort = {
      complete: async (messages) => {
        seen.push([...messages]);
        const text = messages[1]!.content;
        if (text.includes('boom')) throw new Error('HTTP 500');
        if (text.includes('chatty')) return 'I think it is Canonical.';
        return '{"syntactic":"Elliptical","semantic":"Indirect Speech","verbs":[]}';
      },
    };
    const out = await annotateInstructions(port, [
      { id: 'a', instruction: '字太小了' },
      { id: 'b', instruction: 'boom' },
      { id: 'c', instruction: 'chatty' },
    ]);
    expect(seen[0]![0]).toEqual({ role: 'system', content: ANNOTATION_SYSTEM_PROMPT });
    expect(seen[0]![1]!.content).toBe('Instruction: "字太小了"');
    expect(out[0]).toMatchObject({ id: 'a', ok: true });
    expect(out[1]).toEqual({ id: 'b', ok: false, error: 'model call failed: HTTP 500' });
    expect(out[2]).toMatchObject({ id: 'c', ok: false, answer: 'I think it is Canonical.' });

    const human = new Map([
      ['a', { syntactic: 'Elliptical', semantic: 'Under-specification' }],
      ['c', { syntactic: 'Canonical', semantic: 'Clear and Explicit' }],
    ]);
    const agr = annotationAgreement(out, human)!;
    expect(agr.compared).toBe(1);
    expect(agr.syntactic.percentAgreement).toBe(1);
    expect(agr.semantic.percentAgreement).toBe(0);
    expect(agr.averagePercentAgreement).toBe(0.5);
    expect(annotationAgreement(out, new Map())).toBeNull();
  });
});

describe('documentation', () => {
  it('docs/analysis.md carries the prompt verbatim', () => {
    const doc = readFileSync(new URL('../../../../docs/analysis.md', import.meta.url), 'utf8');
    expect(doc).toContain(ANNOTATION_SYSTEM_PROMPT);
  });
});
