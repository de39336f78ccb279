import { readFile } from 'node:fs/promises';
import type { PathCase } from '../../core/recording/path-set.js';
import { PathSetSchema } from '../../core/recording/path-set.js';
import { errorMessage } from '../../../shared/error-message.js';

export type { PathCase };

/** A path set that could not be read or is not one: one line, then one line per refused field. */
export class PathSetFileError extends Error {
  override readonly name = 'PathSetFileError';
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

/**
 * Reads a path set (`graph try-paths FILE`): a list of `{task, name, expect?, script}`. A bad file throws naming the
 * file, and each refused path by its number and field.
 */
export async function readPathSetFile(file: string): Promise<PathCase[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new PathSetFileError(`${file}: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
  }
  const parsed = PathSetSchema.safeParse(raw);
  if (!parsed.success) {
    throw new PathSetFileError(
      `${file}: not a path set (a list of {"task", "name", "expect": "right"|"wrong", "script": [steps]})`,
      parsed.error.issues.map(
        (i) => `${file}: ${i.path.length ? `path #${Number(i.path[0]) + 1} ` : ''}${i.path.slice(1).join('.')}: ${i.message}`,
      ),
    );
  }
  return parsed.data;
}
