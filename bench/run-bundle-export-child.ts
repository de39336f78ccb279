// The export that bench/run-bundle.bench.ts measures, alone in its process: `node --import tsx THIS WS RUN OUT`
// prints { seconds, peakMb, ... } (peak resident memory of this process, from the kernel's own count).
import { WorkspaceStore } from '../electron/adapters/db/workspace-store.js';
import { exportRunBundle } from '../electron/services/runs/bundle/bundle-export.js';

const [ws, runId, out] = process.argv.slice(2) as [string, string, string];
const store = WorkspaceStore.open(ws);
try {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await exportRunBundle(store, runId, out, { env: {} });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify({
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      peakMb: process.resourceUsage().maxRSS / 1024,
      images: r.images,
      results: r.results,
    }),
  );
} finally {
  store.close();
}
