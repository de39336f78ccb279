// A bounded CPU burner for CI: keeps `--workers` threads busy for `--share` of every 100 ms, so the
// test suite runs on a machine as loaded as a shared 2-core box is on a busy day, and a test that
// depends on timing (a fixed sleep, a tight timeout) fails in CI instead of on someone's laptop.
// Bounded three ways: the share, `--max-seconds` (it stops by itself), and its parent (.ci/run)
// ending (it checks every second).
import { Worker, isMainThread, workerData } from 'node:worker_threads';

function burn(share) {
  for (;;) {
    const start = Date.now();
    while (Date.now() - start < 100 * share) {
      /* busy */
    }
    const until = Date.now() + 100 * (1 - share);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, until - Date.now()));
  }
}

if (!isMainThread) {
  burn(workerData.share);
} else {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const workers = arg('workers', 1);
  const share = Math.min(0.95, Math.max(0.05, arg('share', 0.6)));
  const maxSeconds = arg('max-seconds', 3600);
  const parent = process.ppid;
  for (let i = 0; i < workers; i++) new Worker(new URL(import.meta.url), { workerData: { share } });
  console.error(`cpu-load: ${workers} worker(s) at ${Math.round(share * 100)}% for at most ${maxSeconds} s`);
  setTimeout(() => process.exit(0), maxSeconds * 1000);
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.exit(0); // the CI script is gone
    }
  }, 1000);
}
