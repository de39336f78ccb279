import { describe, expect, it } from 'vitest';
import { verbsOf } from '../../core/analysis/linguistics/instruction-metrics.js';
import { NlpPosTagger } from './pos-tagger.js';

describe('NlpPosTagger (real jieba and compromise)', () => {
  const tagger = new NlpPosTagger(['小鸟叫']);

  it('keeps app names whole (微信 is one proper noun, not 微/信)', () => {
    const tokens = tagger.tag('帮我把微信的字体调大一点', 'zh');
    expect(tokens.find((t) => t.word === '微信')).toEqual({ word: '微信', tag: 'nz', pos: 'NOUN' });
    expect(tokens.map((t) => t.word)).not.toContain('微');
  });

  it.each([
    ['字太小了，看不清', 'zh', ['看不清']],
    ['打开设置，然后把铃声换成小鸟叫', 'zh', ['打开', '换成']],
    ['我想看看明天天气怎么样', 'zh', ['看看']],
    ['Block this number, it keeps calling me', 'en', ['Block', 'keeps', 'calling']],
    ["The sound is too low, I can't hear it", 'en', ['hear']],
  ] as const)('verbs of %s', (text, lang, verbs) => {
    expect(verbsOf(tagger.tag(text, lang))).toEqual(verbs);
  });

  it('marks punctuation and drops empty tokens', () => {
    expect(tagger.tag('看不清，', 'zh').at(-1)).toMatchObject({ word: '，', pos: 'PUNCT' });
    expect(tagger.tag("I can't", 'en').every((t) => t.word !== '')).toBe(true);
  });
});
