import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface PutResult {
  id: string;
  size: number;
  /** False when identical bytes were already stored (deduplicated). */
  created: boolean;
}

const BLOB_ID = /^[0-9a-f]{64}$/;

/**
 * Content-addressed files: `blobs/ab/abcdef…` named by the sha256 of their bytes.
 * A blob is written to a temp file, fsynced, then renamed into place, so a reader
 * (or a crash) never sees a half-written blob under its final name.
 */
export class BlobStore {
  readonly readOnly: boolean;

  /** A read-only store (a workspace this user cannot write) only reads: nothing is created. */
  constructor(
    readonly root: string,
    opts: { readOnly?: boolean } = {},
  ) {
    this.readOnly = opts.readOnly ?? false;
    if (!this.readOnly) mkdirSync(join(root, 'tmp'), { recursive: true });
  }

  static isId(id: string): boolean {
    return BLOB_ID.test(id);
  }

  pathOf(id: string): string {
    if (!BLOB_ID.test(id)) throw new Error(`not a blob id: ${JSON.stringify(id)} (expected 64 hex characters)`);
    return join(this.root, id.slice(0, 2), id);
  }

  has(id: string): boolean {
    return BLOB_ID.test(id) && existsSync(this.pathOf(id));
  }

  async put(bytes: Uint8Array): Promise<PutResult> {
    if (this.readOnly) throw new Error(`the blob store ${this.root} is read-only`);
    const id = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(id);
    if (existsSync(target)) return { id, size: bytes.byteLength, created: false };
    mkdirSync(join(this.root, id.slice(0, 2)), { recursive: true });
    const tmp = join(this.root, 'tmp', `${id}.${randomBytes(4).toString('hex')}`);
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return { id, size: bytes.byteLength, created: true };
  }

  async get(id: string): Promise<Buffer> {
    return readFile(this.pathOf(id));
  }
}
