import { Jieba } from '@node-rs/jieba';
// ESM trap: the subpath needs its .js suffix under Node's resolver.
import { dict } from '@node-rs/jieba/dict.js';
import type { TokenizerPort } from '../../core/agents/model-free/tokenizer-port.js';

/** TokenizerPort over @node-rs/jieba. The dictionary loads once per process (≈ 100 ms). */
let shared: Jieba | null = null;

export class JiebaTokenizer implements TokenizerPort {
  private readonly jieba: Jieba;

  constructor() {
    shared ??= Jieba.withDict(dict);
    this.jieba = shared;
  }

  cut(text: string): string[] {
    return this.jieba.cut(text, true);
  }
}
