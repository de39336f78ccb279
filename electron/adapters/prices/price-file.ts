import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PriceTable } from '../../../shared/schemas/prices.js';
import { PriceTableSchema } from '../../../shared/schemas/prices.js';
import { DEFAULT_PRICES } from '../../core/eval/default-prices.js';
import { describeJsonSyntaxError, stripBom } from '../../core/text/json-syntax.js';

/** Where a workspace keeps its own prices (added to and overriding the shipped default). */
export const PRICES_FILE = 'prices.json';

export class PriceFileError extends Error {
  override readonly name = 'PriceFileError';
}

/** The price table in force for a workspace, and where it came from. */
export interface LoadedPrices {
  table: PriceTable;
  /** `default table of DATE`, or the workspace file over it. */
  source: string;
}

/**
 * The shipped default, with the workspace's prices.json over it (its entries win, model by model; its date is the
 * table's). A broken file is an error naming the file and the field: a cost is never computed from a guess.
 */
export function loadPrices(workspaceDir: string): LoadedPrices {
  const file = join(workspaceDir, PRICES_FILE);
  if (!existsSync(file)) return { table: DEFAULT_PRICES, source: `default table of ${DEFAULT_PRICES.date}` };
  const text = stripBom(readFileSync(file, 'utf8'));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new PriceFileError(`${file}: ${describeJsonSyntaxError(text, e)}`);
  }
  const parsed = PriceTableSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new PriceFileError(
      `${file}: ${first.path.join('.') || '(top level)'}: ${first.message} (see docs/runs.md#cost; elderbench prices --init writes a valid file)`,
    );
  }
  return {
    table: { ...parsed.data, models: { ...DEFAULT_PRICES.models, ...parsed.data.models } },
    source: `${PRICES_FILE} of ${parsed.data.date} over the default table of ${DEFAULT_PRICES.date}`,
  };
}

/** Writes the default table into the workspace to edit; refuses to overwrite an existing file. */
export function writeDefaultPrices(workspaceDir: string): string {
  const file = join(workspaceDir, PRICES_FILE);
  if (existsSync(file)) throw new PriceFileError(`${file} exists already; edit it (or delete it to start from the default)`);
  writeFileSync(file, `${JSON.stringify(DEFAULT_PRICES, null, 2)}\n`, { flag: 'wx' });
  return file;
}
