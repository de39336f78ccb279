import { execFileSync } from 'node:child_process';
import { PACKAGE_ROOT } from './package-root.js';

let cached: string | null | undefined;

/**
 * The git commit the running code was built from, when it runs from a clone (a lab's checkout); null in a packaged
 * app or without git. Recorded in a run bundle beside the version, so a reader can check out the exact code.
 */
export function sourceCommit(): string | null {
  if (cached !== undefined) return cached;
  try {
    const out = execFileSync('git', ['-C', PACKAGE_ROOT, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    cached = /^[0-9a-f]{40}$/.test(out) ? out : null;
  } catch {
    cached = null;
  }
  return cached;
}
