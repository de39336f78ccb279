import type { Jieba } from '@node-rs/jieba';
import type * as JiebaModule from '@node-rs/jieba';
import type * as JiebaDict from '@node-rs/jieba/dict.js';
import { lazyRequire } from '../system/lazy-require.js';

// A native addon with a large dictionary: loaded when first used, not at start.
// (The dictionary's subpath needs its .js suffix: the package has no exports map.)
const jiebaModule = lazyRequire<typeof JiebaModule>('@node-rs/jieba');
const jiebaDict = lazyRequire<typeof JiebaDict>('@node-rs/jieba/dict.js');

/** A jieba segmenter with its default dictionary (≈ 100–250 ms the first time in a process). */
export function jiebaWithDefaultDict(): Jieba {
  return jiebaModule().Jieba.withDict(jiebaDict().dict);
}
