import { describe, expect, it } from 'vitest';
import type { InstructionInput } from './instruction-metrics.js';
import { instructionLength, measureInstruction } from './instruction-metrics.js';
import { analyzeLinguistics } from './linguistic-analysis.js';
import { categoryShares, histogram } from './linguistic-summary.js';
import type { PosTaggerPort } from './pos-tagger-port.js';

/** A fake tagger: words listed in `verbs` are verbs, everything else a noun; splits on spaces/commas. */
function fakeTagger(verbs: string[]): PosTaggerPort {
  return {
    tag: (text) =>
      text
        .split(/[\s,，]+/u)
        .filter(Boolean)
        .map((word) => ({ word, tag: verbs.includes(word) ? 'v' : 'n', pos: verbs.includes(word) ? 'VERB' : 'NOUN' })),
  };
}

const task = (id: string, instruction: string, o: Partial<InstructionInput> = {}): InstructionInput => ({
  id,
  instruction,
  lang: 'zh',
  syntactic: 'Canonical',
  semantic: 'Clear and Explicit',
  scenario: 'System Settings',
  ...o,
});

describe('instruction length', () => {
  it('counts non-space characters for Chinese (CJK, Latin, digits and punctuation alike)', () => {
    expect(instructionLength('字太小了，看不清', 'zh')).toBe(8);
    expect(instructionLength('打开 QQ音乐 放歌', 'zh')).toBe(8);
    expect(instructionLength('  ', 'zh')).toBe(0);
  });
  it('counts words for English, keeping contractions and hyphenated words whole', () => {
    expect(instructionLength("The sound is too low, I can't hear it", 'en')).toBe(9);
    expect(instructionLength('Turn on Wi-Fi — now!', 'en')).toBe(4);
  });
});

describe('linguistic analysis', () => {
  const tagger = fakeTagger(['打开', '调', 'open', 'call']);
  const elder = [
    task('e1', '字 太小了', { syntactic: 'Elliptical', semantic: 'Indirect Speech' }),
    task('e2', '打开 微信', { semantic: 'Referential Ambiguity' }),
    task('e3', '调 大 声音 打开 铃声', { syntactic: 'Compound', scenario: 'Life Services' }),
  ];
  const baseline = [
    task('b1', 'open the settings app and call Alice from the contacts list', { lang: 'en', syntactic: 'Compound' }),
    task('b2', 'open the clock app and set an alarm for seven', { lang: 'en' }),
  ];

  it('measures each instruction and summarizes Table 5 statistics per set', () => {
    const m = measureInstruction(elder[2]!, tagger);
    expect(m).toMatchObject({ length: 8, lengthUnit: 'characters', verbs: 2, verbWords: ['调', '打开'] });
    const res = analyzeLinguistics(
      [
        { name: 'elder', items: elder },
        { name: 'base', items: baseline },
      ],
      tagger,
    );
    const [e, b] = res.sets;
    expect(e).toMatchObject({
      name: 'elder',
      instructions: 3,
      lengthUnit: 'characters',
      meanLength: 16 / 3,
      medianLength: 4,
      meanVerbs: 1,
    });
    expect(e!.shareShorterThan20).toBe(1);
    expect(e!.shareWithoutVerbs).toBeCloseTo(1 / 3, 12);
    expect(e!.syntactic.map((s) => [s.category, s.count])).toEqual([
      ['Canonical', 1],
      ['Narrative', 0],
      ['Elliptical', 1],
      ['Compound', 1],
    ]);
    expect(e!.verbsBySemantic.find((v) => v.category === 'Indirect Speech')).toEqual({
      category: 'Indirect Speech',
      instructions: 1,
      meanVerbs: 0,
      shareWithoutVerbs: 1,
    });
    expect(b).toMatchObject({ lengthUnit: 'words', meanLength: 10.5, meanVerbs: 1.5 });
    expect(res.notes.join(' ')).toMatch(/different units.*translate the baseline/);
    expect(res.metrics.elder).toHaveLength(3);
  });

  it('refuses empty or duplicated sets with a way out', () => {
    expect(() => analyzeLinguistics([{ name: 'x', items: [] }], tagger)).toThrow(/tasks import/);
    expect(() =>
      analyzeLinguistics(
        [
          { name: 'x', items: elder },
          { name: 'x', items: elder },
        ],
        tagger,
      ),
    ).toThrow(/given twice/);
  });
});

describe('distributions', () => {
  it('keeps known categories in order, zeros included, then others by count', () => {
    expect(categoryShares(['b', 'z', 'y', 'y'], ['a', 'b'])).toEqual([
      { category: 'a', count: 0, share: 0 },
      { category: 'b', count: 1, share: 0.25 },
      { category: 'y', count: 2, share: 0.5 },
      { category: 'z', count: 1, share: 0.25 },
    ]);
  });
  it('bins values with an open last bin', () => {
    expect(histogram([0, 9, 10, 25, 99], 10, 3)).toEqual({ labels: ['0–9', '10–19', '≥20'], counts: [2, 1, 2] });
    expect(histogram([0, 1, 1, 7], 1, 4)).toEqual({ labels: ['0', '1', '2', '≥3'], counts: [1, 2, 0, 1] });
  });
});
