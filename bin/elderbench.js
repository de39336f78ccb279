#!/usr/bin/env node
// Runs the compiled backend (dist/backend/, built by scripts/backend-build.js with source maps, so stack traces
// name the TypeScript files). In a checkout, a build that is missing or older than the sources is rebuilt first
// (about a second), so an edited source is never run as its old build. ELDERBENCH_FROM_SOURCE=1 runs the
// TypeScript through tsx instead (slower to start; for a debugger session on the sources).
import { existsSync } from 'node:fs';

process.setSourceMapsEnabled(true);

async function loadMain() {
  const fromSource = () => import('tsx/esm/api').then(({ register }) => (register(), import('../electron/cli/main.ts')));
  if (process.env.ELDERBENCH_FROM_SOURCE === '1') return fromSource();
  if (existsSync(new URL('../electron/cli/main.ts', import.meta.url))) {
    const { ensureBackendBuild } = await import('../scripts/backend-build.js');
    try {
      await ensureBackendBuild();
    } catch (e) {
      // Installed without the dev dependencies (no esbuild): the sources still run, only slower to start.
      if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
      process.stderr.write('elderbench: esbuild is not installed, so the backend runs from its TypeScript sources\n');
      return fromSource();
    }
  }
  return import('../dist/backend/elderbench.js');
}

const { main } = await loadMain();
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
