import { z } from 'zod';
import { RUN_BUNDLE_FORMAT, RUN_BUNDLE_SCHEMAS } from './run-bundle.js';

/**
 * The JSON Schema of every file of a run bundle, generated from the zod schemas import validates with, so the
 * published schema and the check cannot drift apart (docs/run-bundle.schema.json; `npx tsx scripts/run-bundle-schema.ts`
 * rewrites it, and a test fails while it is stale).
 */
export function runBundleJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `ElderBench run bundle (${RUN_BUNDLE_FORMAT})`,
    description:
      'One schema per file of the bundle (a gzipped tar); a .jsonl file holds one JSON value per line, each matching its schema. See docs/run-bundle.md.',
    files: Object.fromEntries(
      Object.entries(RUN_BUNDLE_SCHEMAS).map(([file, schema]) => [file, z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' })]),
    ),
  };
}
