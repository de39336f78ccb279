// `npm run build:backend` (also run by `npm install` as the `prepare` step): bundles the backend into dist/backend/.
// bin/elderbench.js rebuilds it by itself when a source changed; this is for installs and release builds.
import { buildBackend, OUT_DIR } from './backend-build.js';

try {
  const ms = await buildBackend();
  console.error(`built ${OUT_DIR} in ${(ms / 1000).toFixed(1)} s`);
} catch (e) {
  if (e?.code === 'ERR_MODULE_NOT_FOUND' && /esbuild/.test(String(e.message))) {
    // An install without dev dependencies: nothing to build with (and bin/elderbench.js says so when started).
    console.error('esbuild is not installed: the backend was not built (npm install with dev dependencies builds it)');
  } else {
    throw e;
  }
}
