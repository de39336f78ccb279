import type { z } from 'zod';

/** JSON columns: written with stable key order as given. */
export const toJson = (v: unknown): string => JSON.stringify(v);

/** A JSON column's text as plain data, of no type yet: a schema or a parse function gives it its type. */
export const fromJson = (s: string): unknown => JSON.parse(s);

/** Where a stored value lives: named in every error about it. */
export interface StoredAt {
  table: string;
  row: string | number;
  field: string;
}

/** A stored value that is not what the app writes: names the table, the row and the field, and what is wrong. */
export class StoredDataError extends Error {
  constructor(
    readonly at: StoredAt,
    problem: string,
  ) {
    super(
      `the workspace database holds a value the app cannot read: table ${at.table}, row ${at.row}, field ${at.field}: ${problem}. ` +
        'Was it written by a newer ElderBench, or edited by hand? Restore the workspace from a backup, or remove that row.',
    );
    this.name = 'StoredDataError';
  }
}

/** A JSON column read with its schema; a value the schema refuses throws a StoredDataError naming where it is. */
export function parseStored<S extends z.ZodType>(schema: S, text: string, at: StoredAt): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new StoredDataError(at, `not JSON (${(e as Error).message})`);
  }
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new StoredDataError(at, `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  }
  return r.data;
}

/**
 * Reads every row, keeping those that parse: a row that fails is reported (table, row, field) and skipped, so one
 * damaged row does not hide the rest of a list.
 */
export function readEach<R, T>(rows: readonly R[], read: (row: R) => T, report: (e: StoredDataError) => void = warnStored): T[] {
  const out: T[] = [];
  for (const r of rows) {
    try {
      out.push(read(r));
    } catch (e) {
      if (!(e instanceof StoredDataError)) throw e;
      report(e);
    }
  }
  return out;
}

/** The default report of a skipped row: one line on stderr (the CLI's and the backend's log). */
export function warnStored(e: StoredDataError): void {
  process.stderr.write(`elderbench: skipped a row: ${e.message}\n`);
}

/** A stored timings object: the durations it holds, in ms; anything not a number is dropped. */
export function parseTimings(v: unknown): Record<string, number> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
export const nowIso = (): string => new Date().toISOString();
