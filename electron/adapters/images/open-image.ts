import { sharp } from './sharp.js';
import type { Sharp } from 'sharp';
import { BLOB_LIMITS } from '../blobs/blob-limits.js';

/**
 * Every image this app decodes (a device's screenshot, a stored one, one from a graph file) is
 * opened through here: sharp refuses one of more pixels than any screen has before decoding it,
 * so a crafted image cannot take gigabytes of memory.
 */
export function openImage(bytes: Uint8Array): Sharp {
  return sharp(bytes, { limitInputPixels: BLOB_LIMITS.imagePixels });
}

/** sharp's own wording when an image passes `limitInputPixels`. */
export const isPixelLimitError = (e: unknown): boolean => /pixel limit/i.test((e as Error | null)?.message ?? '');
