import type SharpModule from 'sharp';
import { lazyRequire } from '../system/lazy-require.js';

type Sharp = typeof SharpModule;
// libvips takes a good part of a second to load: required on the first image, not at start.
const load = lazyRequire<Sharp>('sharp');

/** sharp(input, options), with the library loaded on first use. */
export function sharp(...args: Parameters<Sharp>): ReturnType<Sharp> {
  return load()(...args);
}
