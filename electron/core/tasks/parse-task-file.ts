import { parse as parseCsv } from 'csv-parse/sync';
import type { Task } from '../../../shared/schemas/task.js';
import { TASK_LIMITS, TASK_SET_FORMAT, TaskSchema, TaskSetFileSchema } from '../../../shared/schemas/task.js';
import { describeJsonSyntaxError, stripBom } from '../text/json-syntax.js';
import type { TaskFileIssue } from './task-file-error.js';
import { TaskFileError } from './task-file-error.js';
import { errorMessage } from '../../../shared/error-message.js';

export interface ParsedTaskFile {
  /** The set's own name when the file carries one (JSON task-set files). */
  name: string | null;
  tasks: Task[];
  /** Non-fatal remarks, e.g. a scenario outside the paper's list. */
  warnings: string[];
}

type RawTask = { position: number; value: unknown };

/**
 * Parses and validates a task file (.json task set or bare array, .jsonl, .csv).
 * All-or-nothing: any invalid task makes the whole file fail, listing every problem
 * with the file, the task id and the field, so nothing is half-imported.
 */
export function parseTaskFile(fileName: string, rawText: string, knownScenarios: readonly string[] = []): ParsedTaskFile {
  if (rawText.length > TASK_LIMITS.fileBytes) {
    fail(fileName, `the file is larger than ${TASK_LIMITS.fileBytes / 1024 / 1024} MiB; split it into several task sets`);
  }
  const text = stripBom(rawText); // editors on Windows write one; JSON.parse refuses it
  const ext = fileName.toLowerCase().split('.').pop();
  let name: string | null = null;
  let raws: RawTask[];
  if (ext === 'json') ({ name, raws } = readJson(fileName, text));
  else if (ext === 'jsonl' || ext === 'ndjson') raws = readJsonl(fileName, text);
  else if (ext === 'csv') raws = readCsv(fileName, text);
  else {
    throw new TaskFileError(fileName, [
      { position: null, taskId: null, field: '', message: 'unknown file type; use .json (task set), .jsonl or .csv' },
    ]);
  }
  if (raws.length === 0) {
    throw new TaskFileError(fileName, [{ position: null, taskId: null, field: '', message: 'the file holds no tasks' }]);
  }
  if (raws.length > TASK_LIMITS.tasksPerFile) {
    fail(fileName, `the file holds ${raws.length} tasks, more than ${TASK_LIMITS.tasksPerFile}; split it into several task sets`);
  }

  const issues: TaskFileIssue[] = [];
  const tasks: Task[] = [];
  const seen = new Map<string, number>();
  for (const raw of raws) {
    const id = idOf(raw.value);
    const result = TaskSchema.safeParse(raw.value);
    if (!result.success) {
      for (const iss of result.error.issues) {
        issues.push({ position: raw.position, taskId: id, field: iss.path.join('.'), message: iss.message });
      }
      continue;
    }
    const prior = seen.get(result.data.id);
    if (prior !== undefined) {
      issues.push({
        position: raw.position,
        taskId: result.data.id,
        field: 'id',
        message: `duplicate id (first used at #${prior})`,
      });
      continue;
    }
    seen.set(result.data.id, raw.position);
    tasks.push(result.data);
  }
  if (issues.length > 0) throw new TaskFileError(fileName, issues);

  const warnings: string[] = [];
  if (knownScenarios.length > 0) {
    for (const t of tasks) {
      if (!knownScenarios.includes(t.annotations.scenario)) {
        warnings.push(`task "${t.id}": scenario "${t.annotations.scenario}" is not one of the paper's scenarios`);
      }
    }
  }
  return { name, tasks, warnings };
}

function idOf(v: unknown): string | null {
  return typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;
}

function fail(file: string, message: string, position: number | null = null): never {
  throw new TaskFileError(file, [{ position, taskId: null, field: '', message }]);
}

function readJson(file: string, text: string): { name: string | null; raws: RawTask[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    fail(file, describeJsonSyntaxError(text, e));
  }
  if (Array.isArray(doc)) return { name: null, raws: doc.map((value, i) => ({ position: i + 1, value })) };
  const set = TaskSetFileSchema.safeParse(doc);
  if (!set.success) {
    throw new TaskFileError(
      file,
      set.error.issues.map((i) => ({
        position: null,
        taskId: null,
        field: i.path.join('.'),
        message: i.path[0] === 'format' ? `expected "format": "${TASK_SET_FORMAT}"` : i.message,
      })),
    );
  }
  return { name: set.data.name, raws: set.data.tasks.map((value, i) => ({ position: i + 1, value })) };
}

function readJsonl(file: string, text: string): RawTask[] {
  const raws: RawTask[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      raws.push({ position: i + 1, value: JSON.parse(line) });
    } catch (e) {
      fail(file, `line ${i + 1}: ${describeJsonSyntaxError(line, e)}`, i + 1);
    }
  });
  return raws;
}

/** CSV columns are the task's fields; nested ones are flattened (see docs/tasks.md). */
function readCsv(file: string, text: string): RawTask[] {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  } catch (e) {
    fail(file, `not valid CSV: ${errorMessage(e)}`);
  }
  const unknown = Object.keys(rows[0] ?? {}).filter((c) => !CSV_COLUMNS.includes(c));
  if (unknown.length > 0) {
    fail(file, `unknown CSV column(s) ${unknown.map((c) => `"${c}"`).join(', ')}; known: ${CSV_COLUMNS.join(', ')}`, 1);
  }
  return rows.map((row, i) => ({ position: i + 2, value: csvRowToTask(file, row, i + 2) }));
}

export const CSV_COLUMNS: readonly string[] = [
  'id',
  'instruction',
  'lang',
  'translation',
  'normalized',
  'app',
  'package',
  'mode',
  'syntactic',
  'semantic',
  'scenario',
  'setup',
  'success_checks',
  'max_steps',
  'timeout_s',
  'tags',
  'user',
  'footprint',
];

function csvRowToTask(file: string, row: Record<string, string>, line: number): unknown {
  const opt = (k: string): string | undefined => (row[k] === undefined || row[k] === '' ? undefined : row[k]);
  const json = (k: string): unknown => {
    const v = opt(k);
    if (v === undefined) return undefined;
    try {
      return JSON.parse(v);
    } catch (e) {
      fail(file, `column "${k}" must hold JSON: ${describeJsonSyntaxError(v, e)}`, line);
    }
  };
  const int = (k: string): number | string | undefined => {
    const v = opt(k);
    return v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : v;
  };
  const lines = (k: string): unknown => {
    const v = opt(k);
    if (v === undefined) return undefined;
    return v.startsWith('[') ? json(k) : v.split(/\r?\n/).filter((s) => s.trim() !== '');
  };
  const task: Record<string, unknown> = {
    id: opt('id'),
    instruction: opt('instruction'),
    lang: opt('lang'),
    translation: opt('translation'),
    normalized: opt('normalized'),
    app: opt('app'),
    package: opt('package'),
    mode: opt('mode'),
    annotations: { syntactic: opt('syntactic'), semantic: opt('semantic'), scenario: opt('scenario') },
    setup: lines('setup'),
    success_checks: json('success_checks'),
    max_steps: int('max_steps'),
    timeout_s: int('timeout_s'),
    tags: opt('tags')
      ?.split(/[;,]/)
      .map((s) => s.trim())
      .filter(Boolean),
    user: json('user'),
    footprint: json('footprint'),
  };
  for (const k of Object.keys(task)) if (task[k] === undefined) delete task[k];
  return task;
}
