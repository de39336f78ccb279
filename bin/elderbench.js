#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the CLI, web mode and tests share one source tree.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
// For benchmarks: this process's peak memory in KiB. On Linux, VmHWM of this address space;
// getrusage's maxRSS would also count the parent's memory at fork time (it survives exec).
if (process.env.ELDERBENCH_REPORT_PEAK_RSS === '1') {
  const { readFileSync } = await import('node:fs');
  let peak = process.resourceUsage().maxRSS;
  try {
    peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? peak);
  } catch {
    // not Linux: maxRSS it is
  }
  process.stderr.write(`peak_rss_kib=${peak} now=${JSON.stringify(process.memoryUsage())}\n`);
}
