import { readFileSync } from 'node:fs';

/** The version in package.json: recorded in run manifests, shown in the app. */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
