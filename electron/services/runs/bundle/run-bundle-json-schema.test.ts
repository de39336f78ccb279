import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBundleJsonSchema } from '../../../../shared/schemas/run-bundle-json-schema.js';

describe("the run bundle's published JSON Schema", () => {
  it('is the one the zod schemas give today (rewrite it with: npx tsx scripts/run-bundle-schema.ts)', () => {
    const docs = JSON.parse(readFileSync(new URL('../../../../docs/run-bundle.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(docs).toEqual(runBundleJsonSchema());
    const files = (docs as { files: Record<string, { required?: string[] }> }).files;
    expect(Object.keys(files)).toContain('results.jsonl (each line)');
    expect(files['results.jsonl (each line)']!.required).toEqual(
      expect.arrayContaining(['taskId', 'agent', 'trial', 'success', 'details']),
    );
  });
});
