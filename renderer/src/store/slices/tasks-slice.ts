import type { ImportReport, TaskFilter } from '../../../../shared/api/index.js';
import type { ApiError } from '../../../../shared/api/index.js';
import type { TaskSummary } from '../../../../shared/schemas/task.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** How the last import from the window went: its report, or why it was refused with every invalid field. */
export type TaskImportOutcome =
  { ok: true; report: ImportReport } | { ok: false; fileName: string; message: string; issues: { path: string; message: string }[] };

/** The workspace's tasks under the Tasks screen's filter (the Record and Runs pickers use them too). */
export interface TasksSlice {
  tasks: TaskSummary[];
  taskFilter: TaskFilter;
  taskImport: TaskImportOutcome | null;
  taskImporting: boolean;
  loadTasks(filter?: TaskFilter): Promise<void>;
  /** Imports a task file the user picked (its content: web mode cannot give the backend a path). */
  importTasks(input: { fileName: string; content: string; taskSet?: string; replace: boolean }): Promise<void>;
}

export const createTasksSlice: Slice<TasksSlice> = (set, get, api) => ({
  tasks: [],
  taskFilter: {},
  taskImport: null,
  taskImporting: false,
  async loadTasks(filter) {
    const taskFilter = filter ?? get().taskFilter;
    try {
      set({ tasks: await api.tasks.list(taskFilter), taskFilter });
    } catch (e) {
      get().notify(`Could not load tasks: ${errorMessage(e)}`, 'error');
    }
  },
  async importTasks({ fileName, content, taskSet, replace }) {
    set({ taskImporting: true, taskImport: null });
    try {
      const report = await api.tasks.importContent({ fileName, content, replace, ...(taskSet ? { taskSet } : {}) });
      set({ taskImport: { ok: true, report } });
      get().notify(`Imported ${report.imported} task(s) into "${report.taskSet}"${report.replaced ? `, replaced ${report.replaced}` : ''}`);
      await Promise.all([get().loadTasks(), get().refreshWorkspace(), get().loadOverview()]);
    } catch (e) {
      // An ApiError in web mode; in the desktop window the IPC bridge's error carries the same fields.
      const issues = (e as Partial<Pick<ApiError, 'issues'>>).issues ?? [];
      set({ taskImport: { ok: false, fileName, message: errorMessage(e), issues } });
      get().notify(`Nothing imported from ${fileName}: ${errorMessage(e)}`, 'error');
    } finally {
      set({ taskImporting: false });
    }
  },
});
