import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import type { ElderBenchHandlers, ImportReport } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import { KNOWN_SCENARIOS, TASK_LIMITS } from '../../../shared/schemas/task.js';
import { DuplicateTaskError } from '../../adapters/db/repositories/tasks-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { ParsedTaskFile } from '../../core/tasks/parse-task-file.js';
import { parseTaskFile } from '../../core/tasks/parse-task-file.js';
import { TaskFileError } from '../../core/tasks/task-file-error.js';
import type { SetupFinding } from '../../core/tasks/setup-review.js';
export type { SetupFinding } from '../../core/tasks/setup-review.js';
import { describeFinding, reviewSetup } from '../../core/tasks/setup-review.js';
import type { ServiceContext } from '../service-context.js';
import { errorMessage } from '../../../shared/error-message.js';

/** Reads and validates a task file without touching any workspace (`tasks validate`). */
export async function readTaskFile(file: string): Promise<ParsedTaskFile & { text: string; setupFindings: SetupFinding[] }> {
  let text: string;
  try {
    // Refused before reading: a huge file would otherwise be read whole into memory first.
    if ((await stat(file)).size > TASK_LIMITS.fileBytes) {
      throw new TaskFileError(file, [
        {
          position: null,
          taskId: null,
          field: '',
          message: `the file is larger than ${TASK_LIMITS.fileBytes / 1024 / 1024} MiB; split it into several task sets`,
        },
      ]);
    }
    text = await readFile(file, 'utf8');
  } catch (e) {
    if (e instanceof TaskFileError) throw e;
    throw new TaskFileError(file, [
      { position: null, taskId: null, field: '', message: `cannot read the file: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}` },
    ]);
  }
  const parsed = parseTaskFile(file, text, KNOWN_SCENARIOS);
  // Setup commands outside the known-safe set are reported now, before a run meets them on a phone.
  const setupFindings = reviewSetup(parsed.tasks);
  const warnings = [
    ...parsed.warnings,
    ...setupFindings.map(
      (f) => `${describeFinding(f)}; a run or a recording on a real phone runs it only when you confirm (--allow-setup)`,
    ),
  ];
  return { ...parsed, warnings, setupFindings, text };
}

/** Validates the whole file first, then stores it in one transaction: all tasks or none. */
export async function importTaskFile(
  store: WorkspaceStore,
  input: { file: string; taskSet?: string | undefined; replace?: boolean | undefined },
): Promise<ImportReport> {
  const file = resolve(input.file);
  const parsed = await readTaskFile(file);
  return storeTaskSet(store, file, parsed, input);
}

/**
 * A task file's content sent from the window (web mode cannot hand the backend a path): the same
 * validation, error listing and all-or-nothing import as a file on disk. `fileName` gives the format
 * (.json, .jsonl, .csv), the default set name and the name errors refer to.
 */
export function importTaskContent(
  store: WorkspaceStore,
  input: { fileName: string; content: string; taskSet?: string | undefined; replace?: boolean | undefined },
): ImportReport {
  const name = basename(input.fileName);
  const parsed = { ...parseTaskFile(name, input.content, KNOWN_SCENARIOS), text: input.content };
  return storeTaskSet(store, name, parsed, input);
}

function storeTaskSet(
  store: WorkspaceStore,
  file: string,
  parsed: ParsedTaskFile & { text: string },
  input: { taskSet?: string | undefined; replace?: boolean | undefined },
): ImportReport {
  const taskSet = input.taskSet ?? parsed.name ?? basename(file, extname(file));
  const hash = createHash('sha256').update(parsed.text).digest('hex');
  const { imported, replaced } = store.tasks.importSet(
    { name: taskSet, sourceFile: file, sourceHash: hash },
    parsed.tasks,
    input.replace ?? false,
  );
  return { taskSet, file, imported, replaced, warnings: parsed.warnings };
}

/** Import errors as the API reports them: every invalid field of every task, or the clash that refused the set. */
function importError(e: unknown): never {
  if (e instanceof TaskFileError) {
    throw new ApiError(
      'bad_request',
      e.message,
      e.issues.map((i) => ({ path: i.field, message: i.message })),
    );
  }
  if (e instanceof DuplicateTaskError) throw new ApiError('conflict', e.message);
  throw e;
}

export function tasksService(ctx: ServiceContext): ElderBenchHandlers['tasks'] {
  return {
    list: (filter) => ctx.store().tasks.list(filter),
    get: ({ id }) => {
      const t = ctx.store().tasks.get(id);
      if (!t) throw new ApiError('not_found', `no task with id "${id}" in this workspace`);
      return t;
    },
    importFile: async (input) => {
      try {
        const report = await importTaskFile(ctx.store(), input);
        ctx.events.emit('system', 'onDataChanged', { table: 'tasks' });
        return report;
      } catch (e) {
        return importError(e);
      }
    },
    importContent: (input) => {
      try {
        const report = importTaskContent(ctx.store(), input);
        ctx.events.emit('system', 'onDataChanged', { table: 'tasks' });
        return report;
      } catch (e) {
        return importError(e);
      }
    },
  };
}
