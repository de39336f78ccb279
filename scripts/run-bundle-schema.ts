// Writes docs/run-bundle.schema.json from the zod schemas the import checks bundles with: `npx tsx scripts/run-bundle-schema.ts`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runBundleJsonSchema } from '../shared/schemas/run-bundle-json-schema.js';

const out = fileURLToPath(new URL('../docs/run-bundle.schema.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(runBundleJsonSchema(), null, 2)}\n`);
console.log(`wrote ${out}`);
