import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures.js';

/**
 * The real `elderbench` binary as a child process that does not block this one — needed when
 * this test process itself serves the phones, the farm or the model the command talks to.
 */
export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended and its output is read. */
  exited: Promise<number | string>;
}

export function startCli(args: string[], env: Record<string, string> = {}): CliProcess {
  const userData = mkdtempSync(join(tmpdir(), 'eb-user-'));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'elderbench.js'), ...args], {
    env: { ...process.env, ELDERBENCH_USER_DATA: userData, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => {
      rmSync(userData, { recursive: true, force: true });
      resolve(code ?? signal ?? -1);
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Runs the command to its end. */
export async function cliToEnd(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const p = startCli(args, env);
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}
