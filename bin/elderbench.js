#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the CLI, web mode and tests share one source tree.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
