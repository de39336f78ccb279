#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the CLI, web mode and tests share one source tree.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
// For benchmarks: the process's peak memory, measured by the kernel (maxRSS is in KiB).
if (process.env.ELDERBENCH_REPORT_PEAK_RSS === '1') process.stderr.write(`peak_rss_kib=${process.resourceUsage().maxRSS} now=${JSON.stringify(process.memoryUsage())}\n`);
