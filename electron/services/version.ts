/** The version in package.json (recorded in run manifests, shown in the app) and the package's root folder. */
export { APP_VERSION, PACKAGE_ROOT } from '../adapters/system/package-root.js';
