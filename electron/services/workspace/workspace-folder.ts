import { resolveWorkspaceDir, userDataDir } from '../../adapters/system/user-paths.js';

/** The workspace a surface opens: `--workspace` wins, then $ELDERBENCH_WORKSPACE, then `<user data>/workspace`. */
export function workspaceFolder(flag: string | undefined): string {
  return resolveWorkspaceDir(flag);
}

/** The per-user app data folder (agent approvals, recent workspaces), where the desktop app keeps it too. */
export function userDataFolder(): string {
  return userDataDir();
}
