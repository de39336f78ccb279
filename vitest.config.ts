import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects, one run: fast logic/integration tests, and browser e2e tests
// (Chromium via playwright-core against web mode) that need longer timeouts and run one file at a time.
// Timeouts are sized for a loaded 2-core machine (CI adds a CPU-burning load on purpose): many tests
// start CLI processes, servers and phones that each take seconds there. Tests wait on signals, so a
// generous timeout costs nothing when they pass; it only bounds how long a hung test takes to fail.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/fuzz/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
