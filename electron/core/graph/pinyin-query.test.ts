import { describe, expect, it } from 'vitest';
import { spelledRun } from './pinyin-query.js';
import { broaderQuery, namedBy } from './walk-view.js';

/**
 * A search query in pinyin names what it spells, whole syllables only, and is as broad as the characters it spells
 * (held-out sets BC and BD: 上海 searched as shanghai, 北京 as Beijing, right on the phone, refused offline).
 */
describe('a search query typed in pinyin', () => {
  it('spells a run of characters, syllable by syllable, case and spaces aside', () => {
    expect(spelledRun('shanghai', '上海')).toBe('上海');
    expect(spelledRun('Bei Jing', '北京南')).toBe('北京');
    expect(spelledRun('hai', '上海')).toBe('海');
    expect(spelledRun('chongqing', '重庆')).toBe('重庆');
    expect(spelledRun('lvse', '绿色出行')).toBe('绿色');
  });

  it('spells nothing from part of a syllable, from other letters, or from a text without Chinese', () => {
    expect(spelledRun('shangh', '上海')).toBeNull();
    expect(spelledRun('haikou', '上海')).toBeNull();
    expect(spelledRun('reading', '老花镜 150 度')).toBeNull();
    expect(spelledRun('上海', '上海')).toBeNull();
    expect(spelledRun('shanghai', 'Shanghai')).toBeNull();
  });

  it('names the result it spells, and is as broad as the characters it spells', () => {
    expect(namedBy('上海', 'shanghai', false)).toBe(true);
    expect(namedBy('海口', 'shanghai', false)).toBe(false);
    expect(broaderQuery('shanghai', '上海')).toBe(false);
    // hai is 海, one character; huangmei is 黄梅, inside the demonstration's 黄梅戏.
    expect(broaderQuery('hai', '上海')).toBe(true);
    expect(broaderQuery('huangmei', '黄梅戏')).toBe(true);
  });
});
