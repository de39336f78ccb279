// Types for scripts/shared-demo.js (plain JavaScript: scripts/test.js loads it without a TypeScript loader).
export function buildSharedDemo(
  dir: string,
  env?: NodeJS.ProcessEnv,
  timed?: { cmd: string; args: string[] },
): Promise<{ status: number | string; seconds: number }>;
