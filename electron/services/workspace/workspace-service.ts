import type { ElderBenchHandlers, WorkspaceInfo } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { errorMessage } from '../../../shared/error-message.js';

export function workspaceInfo(store: WorkspaceStore): WorkspaceInfo {
  return {
    path: store.path,
    taskCount: store.tasks.count(),
    taskSets: store.tasks.sets().map((s) => ({ name: s.name, taskCount: s.taskCount, importedAt: s.importedAt })),
    schemaVersion: store.schemaVersion,
    readOnly: store.readOnly,
  };
}

export interface WorkspaceSwitcher {
  current(): WorkspaceStore;
  /** Opens the folder and makes it current; throws (leaving the old one open) if it cannot be opened. */
  switchTo(folder: string): WorkspaceStore;
  recent(): string[];
}

/** The workspace methods; `overview` is wired by the backend, which also knows the graphs. */
export function workspaceService(ws: WorkspaceSwitcher): Omit<ElderBenchHandlers['workspace'], 'overview'> {
  return {
    current: () => workspaceInfo(ws.current()),
    open: ({ path }) => {
      try {
        return workspaceInfo(ws.switchTo(path));
      } catch (e) {
        throw new ApiError('bad_request', `cannot open workspace ${path}: ${errorMessage(e)}`);
      }
    },
    recent: () => ws.recent(),
  };
}
