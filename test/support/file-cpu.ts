import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

// The CPU seconds each test file costs — its own process plus every child it started and waited for (CLI
// processes, Chromium, phones) — recorded beside its wall seconds when $ELDERBENCH_TEST_FILE_TIMES is set (npm test),
// so the slowest-files list says which files are busy and which only wait. Linux only (read from /proc); elsewhere
// nothing is recorded.
const TICKS = 100; // USER_HZ: /proc reports CPU time in clock ticks of 1/100 s on Linux

/** This process's CPU seconds so far: user + system, its own and its reaped children's. */
function cpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): utime, stime, cutime, cstime are fields 14–17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return null;
  }
}

const record = process.env.ELDERBENCH_TEST_FILE_TIMES;
if (record) {
  // From before the test file is imported (setup files run first), so collecting it counts too.
  const start = cpuSeconds();
  afterAll(() => {
    const end = cpuSeconds();
    const file = expect.getState().testPath ?? '';
    if (start === null || end === null || !file) return;
    appendFileSync(`${record}.cpu`, `${JSON.stringify({ path: relative(process.cwd(), file), cpu: end - start })}\n`);
  });
}
