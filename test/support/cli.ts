import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `elderbench` binary in a child process, as a user would. */
export function runCli(args: string[], env: Record<string, string> = {}, input = ''): CliRun {
  // A private user-data folder, so tests never touch the developer's recent-workspaces list; gone after the command.
  const userData = mkdtempSync(join(tmpdir(), 'eb-user-'));
  const r = spawnSync(process.execPath, [`${REPO_ROOT}bin/elderbench.js`, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ELDERBENCH_USER_DATA: userData, ...env },
    timeout: 180_000, // a loaded 2-core machine; a hung command still ends
  });
  rmSync(userData, { recursive: true, force: true });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
