import type { PosTaggerPort, PosToken } from '../../core/analysis/linguistics/pos-tagger-port.js';
import { CompromisePosTagger } from './compromise-pos-tagger.js';
import { JiebaPosTagger } from './jieba-pos-tagger.js';

/** The PosTaggerPort the app uses: jieba for Chinese, compromise for English, each loaded on first use. */
export class NlpPosTagger implements PosTaggerPort {
  private zh: JiebaPosTagger | null = null;
  private en: CompromisePosTagger | null = null;

  constructor(private readonly extraZhWords: readonly string[] = []) {}

  tag(text: string, lang: 'zh' | 'en'): PosToken[] {
    if (lang === 'zh') return (this.zh ??= new JiebaPosTagger(this.extraZhWords)).tag(text);
    return (this.en ??= new CompromisePosTagger()).tag(text);
  }
}
