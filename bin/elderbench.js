#!/usr/bin/env node
// Runs the compiled backend (dist/backend/, built by scripts/backend-build.js with source maps, so stack traces
// name the TypeScript files). In a checkout, a build that is missing or older than the sources is rebuilt first
// (about a second), so an edited source is never run as its old build. ELDERBENCH_FROM_SOURCE=1 runs the
// TypeScript through tsx instead (a dev dependency; slower to start, for a debugger session on the sources).
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
      if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
      // Installed without the dev dependencies: nothing to build with. A build made before still runs.
      if (!existsSync(new URL('../dist/backend/elderbench.js', import.meta.url))) {
        process.stderr.write('elderbench: the backend is not built and esbuild is not installed; run `npm install`, then try again\n');
        process.exit(1);
      }
      process.stderr.write('elderbench: the sources changed since the backend was built, and esbuild is not installed to rebuild it\n');
    }
  }
  return import('../dist/backend/elderbench.js');
}

const { main } = await loadMain();
// Started by the desktop shell in an Electron utility process, whose process.argv is Electron's: the arguments come
// in an environment variable instead (electron/main/backend-process.ts), removed so no child inherits them.
const args = process.env.ELDERBENCH_BACKEND_ARGS ? JSON.parse(process.env.ELDERBENCH_BACKEND_ARGS) : process.argv.slice(2);
delete process.env.ELDERBENCH_BACKEND_ARGS;
process.exitCode = await main(args);
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
