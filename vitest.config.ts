import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import DemoLastSequencer from './test/support/demo-last-sequencer.js';

// Projects, one run:
// - unit: logic beside its code (shared/, electron/, scripts/) — no browser, no demo pipeline: part of `npm run test:fast`;
// - renderer: React components in happy-dom — also fast;
// - integration: real processes (the CLI, the web server, virtual phones, mock model servers) and the fuzz tests;
// - e2e: Chromium via playwright-core against web mode; longer timeouts, one file at a time.
// Timeouts are sized for a loaded 2-core machine (CI adds a CPU-burning load on purpose): many tests
// start CLI processes, servers and phones that each take seconds there. Tests wait on signals, so a
// generous timeout costs nothing when they pass; it only bounds how long a hung test takes to fail.
// Tests that start `elderbench` run the compiled backend; the global setup rebuilds it first when a source changed.
const GLOBAL_SETUP = ['test/support/global-setup.ts'];
// Each file's CPU seconds, for the slowest-files list of `npm test` (test/support/file-cpu.ts).
const SETUP_FILES = ['test/support/file-cpu.ts'];

export default defineConfig({
  test: {
    // The files that use the shared demo workspace run last, while it is built in the background.
    sequence: { sequencer: DemoLastSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          // The files share one worker's process and module cache instead of each starting its own (unit + renderer:
          // 142 → 58 s, 126 → 49 CPU-seconds). Module-level state therefore carries over from file to file: a test
          // sets up what it reads (they do; green in shuffled orders: --sequence.shuffle.files).
          isolate: false,
          include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: SETUP_FILES,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          // Isolated, unlike unit: the component tests replace platform/api.js with vi.mock, and in a shared worker a
          // module another file had loaded kept the real one (4 files failed in CI, by file order). The shared DOM is
          // still emptied after each test and file (renderer/src/test/cleanup.ts).
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: [...SETUP_FILES, 'renderer/src/test/cleanup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/fuzz/**/*.test.ts'],
          environment: 'node',
          setupFiles: SETUP_FILES,
          globalSetup: GLOBAL_SETUP,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: SETUP_FILES,
          globalSetup: GLOBAL_SETUP,
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
