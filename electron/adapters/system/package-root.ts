import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'elderbench-desktop';

/**
 * The package's root folder (package.json, tasks/, dist/renderer/), found by walking up from this module:
 * it runs from its source file (electron/adapters/system/) and from a chunk of the compiled backend
 * (dist/backend/), which sit at different depths.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
    const up = dirname(dir);
    if (up === dir)
      throw new Error(`no package.json named ${PACKAGE_NAME} above ${fileURLToPath(import.meta.url)}: is the install complete?`);
    dir = up;
  }
}

export const PACKAGE_ROOT: string = findPackageRoot();

export const APP_VERSION: string = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
