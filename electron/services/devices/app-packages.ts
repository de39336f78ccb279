import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { AppNames } from '../../core/tasks/app-names.js';

/** The system apps' names only (core/tasks/app-names.ts): where no workspace is at hand. */
const SYSTEM_APP_NAMES = new AppNames();

/** A package name passes through; a system app's usual name maps to its package; otherwise null. */
export function resolvePackage(app: string): string | null {
  return SYSTEM_APP_NAMES.packageOf(app);
}

/** The names a workspace's task set gives its apps, with the system apps': an agent's LaunchApp by name. */
export function appNamesOf(store: WorkspaceStore): AppNames {
  return new AppNames(store.tasks.apps());
}
