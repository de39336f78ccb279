import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type { BundleBlob, BundleContents, BundleManifest, BundleResult, BundleStep } from '../../../../shared/schemas/run-bundle.js';
import {
  BUNDLE_FILES,
  BundleBlobSchema,
  BundleContentsSchema,
  BundleManifestSchema,
  BundleResultSchema,
  BundleStepSchema,
  BundleTasksSchema,
  IMAGE_FILE,
  STEPS_FILE,
} from '../../../../shared/schemas/run-bundle.js';
import type { Task } from '../../../../shared/schemas/task.js';
import { entryBytes, readTarGz, TarReadError } from '../../../adapters/archive/tar-gz.js';
import { BLOB_LIMITS } from '../../../adapters/blobs/blob-limits.js';

/** A bundle refused: the bundle file, the file inside it and the field, and why. Nothing was imported. */
export class RunBundleError extends Error {
  override readonly name = 'RunBundleError';
  constructor(
    readonly bundle: string,
    readonly entry: string | null,
    readonly field: string | null,
    readonly why: string,
  ) {
    super(`${bundle}: ${entry ? `${entry}${field ? `, field "${field}"` : ''}: ` : ''}${why}; nothing was imported`);
  }
}

/** Limits on what one file of a bundle may hold (a crafted bundle is refused after bounded work). */
export const BUNDLE_LIMITS = {
  jsonBytes: 256 * 1024 * 1024,
  imageBytes: BLOB_LIMITS.fileBytes,
  files: 2_000_000,
  totalBytes: 32 * 1024 ** 3,
};

/** A bundle read and checked file by file; images wait in a temp folder until the whole bundle is known good. */
export interface ReadBundle {
  manifest: BundleManifest;
  tasks: Task[];
  results: BundleResult[];
  steps: Map<string, BundleStep[]>;
  blobs: BundleBlob[];
  contents: BundleContents;
  contentsSha256: string;
  /** Image id → its staged file. */
  staged: Map<string, string>;
  stagingDir: string;
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const fieldOf = (path: readonly PropertyKey[]): string => path.map(String).join('.') || '(the whole value)';

/**
 * Reads every file of a bundle, each checked against its schema as it arrives (the error names the file, the line
 * and the field), and then the bundle as a whole against contents.json. Throws RunBundleError; writes nothing but
 * the staged images, which the caller removes (`stagingDir`).
 */
export async function readBundle(file: string, limits = BUNDLE_LIMITS): Promise<ReadBundle> {
  const refuse = (entry: string | null, field: string | null, why: string): never => {
    throw new RunBundleError(file, entry, field, why);
  };
  const parse = <S extends z.ZodType>(schema: S, value: unknown, entry: string, line?: number): z.infer<S> => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    const i = r.error.issues[0]!;
    return refuse(line === undefined ? entry : `${entry} line ${line}`, fieldOf(i.path), i.message);
  };
  const jsonOf = (bytes: Buffer, entry: string, line?: number): unknown => {
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      return refuse(line === undefined ? entry : `${entry} line ${line}`, null, 'not valid JSON (the file is damaged)');
    }
  };
  const jsonLines = <S extends z.ZodType>(schema: S, bytes: Buffer, entry: string): z.infer<S>[] =>
    bytes
      .toString('utf8')
      .split('\n')
      .flatMap((text, i) => (text.trim() === '' ? [] : [parse(schema, jsonOf(Buffer.from(text), entry, i + 1), entry, i + 1)]));

  const stagingDir = mkdtempSync(join(tmpdir(), 'eb-bundle-'));
  const seen = new Map<string, { sha256: string; bytes: number }>();
  let total = 0;
  const out: Partial<ReadBundle> & { steps: Map<string, BundleStep[]>; staged: Map<string, string> } = {
    steps: new Map(),
    staged: new Map(),
    stagingDir,
  };
  try {
    try {
      for await (const entry of readTarGz(file)) {
        const name = entry.name;
        if (out.contents) refuse(name, null, `a file after ${BUNDLE_FILES.contents}, which is always last`);
        if (entry.type !== 'file') refuse(name, null, `an archive entry of type ${entry.type}; a bundle holds only files`);
        if (seen.has(name)) refuse(name, null, 'the file appears twice in the archive');
        if (seen.size >= limits.files) refuse(name, null, `more than ${limits.files} files`);
        const image = IMAGE_FILE.exec(name);
        const bytes = await entryBytes(entry, image ? limits.imageBytes : limits.jsonBytes).catch((e: unknown) =>
          refuse(name, null, e instanceof Error ? e.message : String(e)),
        );
        total += bytes.length;
        // A crafted archive (a gzip bomb) stops here, before it fills the disk with staged images.
        if (total > limits.totalBytes) refuse(name, null, `the bundle inflates to more than ${limits.totalBytes / 1024 ** 3} GiB`);
        const hash = sha256(bytes);
        if (name !== BUNDLE_FILES.contents) seen.set(name, { sha256: hash, bytes: bytes.length });
        if (image) {
          if (hash !== image[1]) refuse(name, null, `its bytes hash to ${hash.slice(0, 12)}…, not to the id in its name`);
          const staged = join(stagingDir, image[1]!);
          await writeFile(staged, bytes);
          out.staged.set(image[1]!, staged);
        } else if (STEPS_FILE.test(name)) out.steps.set(name, jsonLines(BundleStepSchema, bytes, name));
        else if (name === BUNDLE_FILES.readme) continue;
        else if (name === BUNDLE_FILES.manifest) out.manifest = parse(BundleManifestSchema, jsonOf(bytes, name), name);
        else if (name === BUNDLE_FILES.tasks) out.tasks = parse(BundleTasksSchema, jsonOf(bytes, name), name);
        else if (name === BUNDLE_FILES.results) out.results = jsonLines(BundleResultSchema, bytes, name);
        else if (name === BUNDLE_FILES.blobs) out.blobs = jsonLines(BundleBlobSchema, bytes, name);
        else if (name === BUNDLE_FILES.contents) {
          out.contents = parse(BundleContentsSchema, jsonOf(bytes, name), name);
          out.contentsSha256 = hash;
        } else refuse(name, null, 'a file no run bundle has (see docs/run-bundle.md for the files of a bundle)');
      }
    } catch (e) {
      if (e instanceof TarReadError) refuse(null, null, e.message);
      throw e;
    }
    const contents =
      out.contents ??
      refuse(BUNDLE_FILES.contents, null, `missing: the archive ends before its last file, so it is truncated (or not a run bundle)`);
    for (const [i, f] of contents.files.entries()) {
      const got = seen.get(f.name);
      if (!got) refuse(BUNDLE_FILES.contents, `files.${i}.name`, `lists ${f.name}, which the archive does not hold`);
      else if (got.sha256 !== f.sha256 || got.bytes !== f.bytes)
        refuse(f.name, null, `does not match its sha256 and size in ${BUNDLE_FILES.contents} (the file was changed after export)`);
    }
    const listed = new Set(contents.files.map((f) => f.name));
    for (const name of seen.keys()) if (!listed.has(name)) refuse(name, null, `not listed in ${BUNDLE_FILES.contents}`);
    for (const need of [BUNDLE_FILES.manifest, BUNDLE_FILES.tasks, BUNDLE_FILES.results, BUNDLE_FILES.blobs] as const)
      if (!seen.has(need)) refuse(need, null, 'missing from the archive');
    return out as ReadBundle;
  } catch (e) {
    await rm(stagingDir, { recursive: true, force: true });
    throw e;
  }
}
