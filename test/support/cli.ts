import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
  const r = spawnSync(process.execPath, [`${REPO_ROOT}bin/elderbench.js`, ...args], {
    input,
    encoding: 'utf8',
    // A private user-data folder, so tests never touch the developer's recent-workspaces list.
    env: { ...process.env, ELDERBENCH_USER_DATA: mkdtempSync(join(tmpdir(), 'eb-user-')), ...env },
    timeout: 180_000, // a loaded 2-core machine; a hung command still ends
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
