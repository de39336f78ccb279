import { resolveWorkspaceDir, userDataDir } from '../adapters/system/user-paths.js';
import { Backend } from '../services/backend.js';
import type { GlobalOptions } from './output.js';
import { CliError, info } from './output.js';
import { errorMessage } from '../../shared/error-message.js';

/** The repository/package root (where dist/ and tasks/ live). */
export { PACKAGE_ROOT } from '../services/version.js';

/**
 * Opens the backend on the chosen workspace; the caller closes it. A command that changes the
 * workspace says what it would write (`writes: 'a run records its results'`): on a workspace this
 * user cannot write it stops here, before anything starts (a device, a farm claim, a model call),
 * with the one-line reason instead of SQLite's "attempt to write a readonly database" later.
 */
export function openBackend(opts: GlobalOptions, use: { writes?: string } = {}): Backend {
  const workspace = resolveWorkspaceDir(opts.workspace);
  let backend: Backend;
  try {
    backend = new Backend({
      workspace,
      userDataDir: userDataDir(),
      ...(opts.adb ? { adbServer: opts.adb } : {}),
      log: (m) => info(m),
    });
  } catch (e) {
    throw new CliError(`cannot open workspace ${workspace}: ${errorMessage(e)}`);
  }
  const ws = backend.workspace;
  if (ws.readOnly && use.writes) {
    backend.close();
    throw new CliError(`${use.writes}, and ${ws.readOnlyError().message}`);
  }
  if (ws.readOnly) {
    info(
      ws.readOnlyReason === 'disk-full'
        ? `the disk holding the workspace ${ws.path} is full: listing, reviewing and exporting work; changes are refused until you free some space`
        : `the workspace ${ws.path} is read-only for this user: listing, reviewing and exporting work; changes are refused`,
    );
  }
  return backend;
}

/**
 * Holds a device this command drives, until the backend closes (no run or recording of any process
 * uses it meanwhile), or fails naming the one that holds it.
 */
export function leaseOrFail(backend: Backend, device: string, purpose: string): void {
  try {
    backend.devices.lease(device, purpose);
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
}
