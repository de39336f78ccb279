import { describe, expect, it } from 'vitest';
import { analyzeLinguistics } from './linguistic-analysis.js';
import type { PosTaggerPort } from './pos-tagger-port.js';
import { annotatedVerbs, chooseVerbSource } from './verb-source.js';

// A tagger that calls every character a verb: POS counts are then easy to tell from annotated ones.
const everyCharAVerb: PosTaggerPort = { tag: (text) => [...text].map((ch) => ({ word: ch, tag: 'v', pos: 'VERB' })) };
const item = (id: string, instruction: string, verbs?: string[]) => ({
  id,
  instruction,
  lang: 'zh' as const,
  syntactic: 'Canonical',
  semantic: 'Clear and Explicit',
  scenario: 'System Settings',
  annotated: verbs ? { verbs, source: 'checked' as const } : null,
});

describe('verb sources', () => {
  it('prefers a person-checked annotation, then the task file; an annotation for other wording does not count', () => {
    const task = { instruction: '帮我把声音调大一点', annotations: { verbs: ['调大'] } };
    expect(annotatedVerbs(task, { instruction: task.instruction, accepted: ['调'] })).toEqual({ verbs: ['调'], source: 'checked' });
    expect(annotatedVerbs(task, { instruction: '声音调大', accepted: ['调'] })).toEqual({ verbs: ['调大'], source: 'task-file' });
    expect(annotatedVerbs(task, { instruction: task.instruction, accepted: null })).toEqual({ verbs: ['调大'], source: 'task-file' });
    expect(annotatedVerbs({ instruction: 'x', annotations: {} }, undefined)).toBeNull();
    // [] is an answer ("no operational verb", e.g. indirect speech), not a missing annotation.
    expect(annotatedVerbs({ instruction: '字太小了', annotations: { verbs: [] } }, undefined)).toEqual({ verbs: [], source: 'task-file' });
  });

  it('uses annotated counts only when every instruction has them, and says where the numbers came from', () => {
    const all = chooseVerbSource([
      { verbs: ['打开'], source: 'checked' },
      { verbs: [], source: 'task-file' },
    ]);
    expect(all).toMatchObject({ annotated: true, counts: { checked: 1, 'task-file': 1 } });
    expect(all.label).toMatch(/annotated core operational verbs \(1 checked in the Analysis screen, 1 from the task file\)/);
    const some = chooseVerbSource([{ verbs: ['打开'], source: 'checked' }, null], 'jieba');
    expect(some.annotated).toBe(false);
    expect(some.label).toMatch(/fallback: content verbs counted by jieba \(only 1 of 2/);
    expect(chooseVerbSource([]).annotated).toBe(false);
  });

  it('Table 5 of a fully annotated set counts annotated verbs; a partly annotated one falls back to POS for all, labelled', () => {
    const a = analyzeLinguistics(
      [
        { name: 'checked', items: [item('a', '打开微信', ['打开']), item('b', '字太小了', [])] },
        { name: 'partial', items: [item('c', '打开微信', ['打开']), item('d', '字太小了')] },
      ],
      everyCharAVerb,
    );
    expect(a.sets.map((s) => s.meanVerbs)).toEqual([0.5, 4]); // (1 + 0) / 2; POS: 4 characters each
    expect(a.verbSources.map((v) => v.annotated)).toEqual([true, false]);
    expect(a.metrics.checked![0]!.verbWords).toEqual(['打开']);
  });
});
