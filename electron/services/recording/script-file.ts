import { readFile } from 'node:fs/promises';
import type { ScriptStep } from '../../core/recording/script.js';
import { DemoScriptSchema } from '../../core/recording/script.js';
import { errorMessage } from '../../../shared/error-message.js';

export type { ScriptStep };

/** A script file that could not be read or is not a demonstration script: one line, then one line per bad field. */
export class ScriptFileError extends Error {
  override readonly name = 'ScriptFileError';
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

/**
 * Reads a demonstration script a user wrote (`record --script`, `graph branch --script`): the bare list of
 * canonical actions, or `{ "actions": [...] }` with notes beside it. A bad file throws ScriptFileError naming the
 * file, and each refused action by its number and field.
 */
export async function readScriptFile(file: string): Promise<ScriptStep[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new ScriptFileError(`${file}: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
  }
  const list = Array.isArray(raw) ? raw : (raw as { actions?: unknown })?.actions;
  const parsed = DemoScriptSchema.safeParse(list);
  if (!parsed.success) {
    throw new ScriptFileError(
      `${file}: not a demonstration script`,
      parsed.error.issues.map(
        (i) => `${file}: action ${i.path.length ? `#${Number(i.path[0]) + 1} ` : ''}${i.path.slice(1).join('.')}: ${i.message}`,
      ),
    );
  }
  return parsed.data;
}
