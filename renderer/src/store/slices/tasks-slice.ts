import type { TaskFilter } from '../../../../shared/api/index.js';
import type { TaskSummary } from '../../../../shared/schemas/task.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The workspace's tasks under the Tasks screen's filter (the Record and Runs pickers use them too). */
export interface TasksSlice {
  tasks: TaskSummary[];
  taskFilter: TaskFilter;
  loadTasks(filter?: TaskFilter): Promise<void>;
}

export const createTasksSlice: Slice<TasksSlice> = (set, get, api) => ({
  tasks: [],
  taskFilter: {},
  async loadTasks(filter) {
    const taskFilter = filter ?? get().taskFilter;
    try {
      set({ tasks: await api.tasks.list(taskFilter), taskFilter });
    } catch (e) {
      get().notify(`Could not load tasks: ${errorMessage(e)}`, 'error');
    }
  },
});
