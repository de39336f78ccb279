// Bundles the Electron main process and the sandboxed preload into dist/electron/ (CommonJS,
// electron external). The backend itself is not bundled: it runs from source under Node.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: true, external: ['electron'] };
await build({ ...common, entryPoints: ['electron/main/main.ts'], outfile: 'dist/electron/main/main.cjs', external: ['electron', 'ws'] });
await build({ ...common, entryPoints: ['electron/preload/preload.ts'], outfile: 'dist/electron/preload/preload.cjs' });
console.error('built dist/electron/main/main.cjs and dist/electron/preload/preload.cjs');
