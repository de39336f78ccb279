import { ensureBackendBuild } from '../../scripts/backend-build.js';

/**
 * Before any test file: the compiled backend is built if the sources changed since the last build, so every
 * test that starts `elderbench` runs the code under test, and the build happens once, not in each test's
 * process at the same time.
 */
export default async function setup(): Promise<void> {
  await ensureBackendBuild({ quiet: true });
}
