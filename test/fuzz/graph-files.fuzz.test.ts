import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../electron/adapters/db/workspace-store.js';
import { GraphFileError, importGraph } from '../../electron/services/graphs/graph-transfer.js';
import { graphFileBytes, graphFileContent } from '../support/graph-file.js';
import { useTempDirs } from '../support/temp-dir.js';
import { FUZZ_SCALE, fuzzParams } from './fuzz-config.js';
import { errorMessage } from '../../shared/error-message.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Replaces the value at a random path of a JSON document (the checksum is recomputed, as an attacker would). */
function mutate(doc: unknown, path: number[], value: unknown): unknown {
  if (path.length === 0 || doc === null || typeof doc !== 'object') return value;
  const keys = Object.keys(doc);
  if (keys.length === 0) return value;
  const key = keys[path[0]! % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(doc)
    ? ([...doc] as unknown as Record<string, unknown>)
    : { ...(doc as Record<string, unknown>) };
  copy[key] = mutate((doc as Record<string, unknown>)[key], path.slice(1), value);
  return copy;
}

describe('fuzz: graph files', () => {
  const tmp = useTempDirs();

  it(
    'a graph file with any field changed (checksum recomputed), or damaged bytes, imports whole or not at all',
    async () => {
      const dir = tmp();
      const store = WorkspaceStore.open(join(dir, 'ws'));
      const honest = graphFileContent([
        { bytes: PNG, mediaType: 'image/png' },
        { bytes: Buffer.from('<hierarchy/>'), mediaType: 'application/xml' },
      ]);
      const { checksum: _c, ...content } = honest;
      const mutatedFile = fc
        .tuple(fc.array(fc.nat(20), { minLength: 1, maxLength: 7 }), fc.jsonValue({ maxDepth: 2 }))
        .map(([path, value]) => {
          const body = mutate(content, path, value) as Record<string, unknown>;
          return gzipSync(Buffer.from(JSON.stringify({ ...body, checksum: sha256(JSON.stringify(body)) })));
        });
      const bytes = graphFileBytes([{ bytes: PNG, mediaType: 'image/png' }]);
      const damagedFile = fc
        .array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 })
        .map((edits) => {
          const b = Buffer.from(bytes);
          for (const [at, v] of edits) b[at] = v;
          return b;
        });
      let n = 0;
      const graphRows = (): number => (store.db.prepare('SELECT count(*) AS n FROM graphs').get() as { n: number }).n;
      await fc.assert(
        fc.asyncProperty(fc.oneof(mutatedFile, damagedFile), async (file) => {
          const path = join(dir, `g${n++}.ebgraph`);
          writeFileSync(path, file);
          const graphsBefore = graphRows();
          const tasksBefore = store.tasks.count();
          try {
            const r = await importGraph(store, path);
            expect(store.graphs.latest(r.taskId)?.version).toBe(r.version);
          } catch (e) {
            expect(e, String(e)).toBeInstanceOf(GraphFileError);
            expect(errorMessage(e)).toMatch(/nothing was imported$/);
            expect(graphRows()).toBe(graphsBefore);
            expect(store.tasks.count()).toBe(tasksBefore);
          }
        }),
        fuzzParams(150),
      );
      expect(store.integrityCheck()).toBe('ok');
      store.close();
    },
    120_000 * FUZZ_SCALE,
  );
});
