import { homedir, platform } from 'node:os';
import { join } from 'node:path';

/** The per-user app data folder, the same place Electron's `app.getPath('userData')` uses. */
export function userDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ELDERBENCH_USER_DATA) return env.ELDERBENCH_USER_DATA;
  const home = homedir();
  switch (platform()) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'ElderBench');
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'ElderBench');
    default:
      return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'ElderBench');
  }
}

/** `--workspace` wins, then `ELDERBENCH_WORKSPACE`, then `<userData>/workspace`. */
export function resolveWorkspaceDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag ?? env.ELDERBENCH_WORKSPACE ?? join(userDataDir(env), 'workspace');
}
