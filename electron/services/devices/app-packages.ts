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

/**
 * The package a LaunchApp names, by the open workspace's app names, read when asked (a launch by hand is rare, and the
 * workspace may have switched since): the Devices screen, `agent try`, `record --script`.
 */
export function packageResolver(store: () => WorkspaceStore): (app: string) => string | null {
  return (app) => appNamesOf(store()).packageOf(app);
}
