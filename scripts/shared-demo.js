// The demo workspace the test suite shares: every sample task imported, its demonstrations recorded on a virtual
// phone, its graph built and probed (`elderbench demo --agents none`). Built once per `npm test` (scripts/test.js
// starts it in the background), or once per test file when a file is run alone (test/support/shared-demo.ts).
// Written: <dir>/ws (the workspace), <dir>/demo.json (the command's JSON), <dir>/demo.log (its messages), and
// last <dir>/done.json ({ status, seconds }) — what the waiting tests look for.
import { spawn } from 'node:child_process';
import { openSync, closeSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'elderbench.js');

/**
 * Starts the build into `dir` (an empty folder); resolves with { status, seconds } once done.json is written.
 * `timed` (optional) wraps the command, e.g. to measure its CPU time: { cmd, args } put before the command's own.
 */
export function buildSharedDemo(dir, env = process.env, timed = { cmd: process.execPath, args: [] }) {
  const t0 = Date.now();
  const out = openSync(join(dir, 'demo.json'), 'w');
  const err = openSync(join(dir, 'demo.log'), 'w');
  const child = spawn(
    timed.cmd,
    [...timed.args, BIN, '--workspace', join(dir, 'ws'), '--json', 'demo', '--phones', '1', '--agents', 'none'],
    {
      env: { ...env, ELDERBENCH_USER_DATA: join(dir, 'user-data') },
      stdio: ['ignore', out, err],
    },
  );
  return new Promise((resolve) => {
    const finish = (status) => {
      closeSync(out);
      closeSync(err);
      const done = { status, seconds: (Date.now() - t0) / 1000 };
      writeFileSync(join(dir, '.done.json'), JSON.stringify(done));
      renameSync(join(dir, '.done.json'), join(dir, 'done.json'));
      resolve(done);
    };
    child.on('error', () => finish(-1));
    child.on('close', (code, signal) => finish(code ?? signal ?? -1));
  });
}
