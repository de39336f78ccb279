import type { Jieba } from '@node-rs/jieba';
import { jiebaWithDefaultDict } from './jieba.js';
import type { TokenizerPort } from '../../core/agents/model-free/tokenizer-port.js';

/** TokenizerPort over @node-rs/jieba. The dictionary loads once per process (≈ 100 ms). */
let shared: Jieba | null = null;

export class JiebaTokenizer implements TokenizerPort {
  private readonly jieba: Jieba;

  constructor() {
    shared ??= jiebaWithDefaultDict();
    this.jieba = shared;
  }

  cut(text: string): string[] {
    return this.jieba.cut(text, true);
  }
}
