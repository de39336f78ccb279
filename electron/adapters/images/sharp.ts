import type SharpModule from 'sharp';
import { lazyRequire } from '../system/lazy-require.js';

type Sharp = typeof SharpModule;
// libvips takes a good part of a second to load: required on the first image, not at start.
const loadModule = lazyRequire<Sharp>('sharp');
let loaded: Sharp | null = null;
/**
 * libvips' operation cache is off: each image here is decoded or encoded once (a step's screen, a thumbnail), so the
 * cache only held memory — measured on 250 tasks × 2 agents offline (`npm run bench runs`), the CLI's peak RSS was
 * 295–364 MiB with it and 263–265 MiB without, and the run took 16 s instead of 4.8 s.
 */
const load = (): Sharp => {
  if (loaded) return loaded;
  loaded = loadModule();
  loaded.cache(false);
  return loaded;
};

/** sharp(input, options), with the library loaded on first use. */
export function sharp(...args: Parameters<Sharp>): ReturnType<Sharp> {
  return load()(...args);
}
