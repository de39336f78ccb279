import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { mediaTypeOf } from '../../shared/media-types.js';

/** Resolves an already-decoded URL path inside `root`, refusing anything that escapes it. */
export async function readStatic(root: string, decodedPath: string): Promise<{ body: Buffer; type: string } | null> {
  const rel = normalize(decodedPath).replace(/^([/\\])+/, '');
  const file = join(root, rel === '' ? 'index.html' : rel);
  if (!file.startsWith(root + sep) && file !== root) return null;
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  try {
    return { body: await readFile(file), type: mediaTypeOf(extname(file)) };
  } catch {
    return null;
  }
}
