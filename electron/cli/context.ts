import { resolveWorkspaceDir, userDataDir } from '../adapters/system/user-paths.js';
import { Backend } from '../services/backend.js';
import type { GlobalOptions } from './output.js';
import { CliError, info } from './output.js';
import { errorMessage } from '../../shared/error-message.js';

/** The repository/package root (where dist/ and tasks/ live). */
export { PACKAGE_ROOT } from '../services/version.js';

/** Opens the backend on the chosen workspace; the caller closes it. */
export function openBackend(opts: GlobalOptions): Backend {
  const workspace = resolveWorkspaceDir(opts.workspace);
  try {
    return new Backend({
      workspace,
      userDataDir: userDataDir(),
      ...(opts.adb ? { adbServer: opts.adb } : {}),
      log: (m) => info(m),
    });
  } catch (e) {
    throw new CliError(`cannot open workspace ${workspace}: ${errorMessage(e)}`);
  }
}
