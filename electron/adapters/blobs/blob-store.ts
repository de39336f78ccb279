import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync, lstatSync, mkdirSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BlobIntegrityError } from './blob-errors.js';
import { BLOB_LIMITS, mib } from './blob-limits.js';

export interface PutResult {
  id: string;
  size: number;
  /** False when identical bytes were already stored (deduplicated). */
  created: boolean;
}

const BLOB_ID = /^[0-9a-f]{64}$/;

/** O_NOFOLLOW where the platform has it (not on Windows, where links need privileges to make). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Content-addressed files: `blobs/ab/abcdef…` named by the sha256 of their bytes.
 * A blob is written to a temp file, fsynced, then renamed into place, so a reader
 * (or a crash) never sees a half-written blob under its final name.
 *
 * A workspace may be someone else's folder, so a read trusts nothing about the file: it is
 * opened without following a link (a `blobs/` entry pointing at `~/.ssh/id_rsa` is refused,
 * never copied into an export or a report), it must be a regular file of a bounded size, and
 * its bytes must hash to its name.
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

  /** Whether an entry of that name exists (a link counts, so that reading it fails loudly instead of being skipped). */
  has(id: string): boolean {
    if (!BLOB_ID.test(id)) return false;
    try {
      lstatSync(this.pathOf(id));
      return true;
    } catch {
      return false;
    }
  }

  async put(bytes: Uint8Array): Promise<PutResult> {
    if (this.readOnly) throw new Error(`the blob store ${this.root} is read-only`);
    const id = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(id);
    if (existsSync(target) && this.isIntact(id)) return { id, size: bytes.byteLength, created: false };
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
      // Replaces a damaged or planted entry of the same name (rename replaces a link, never writes through it).
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return { id, size: bytes.byteLength, created: true };
  }

  /** A regular file (not a link) under its name; its bytes are checked when read. */
  private isIntact(id: string): boolean {
    try {
      return lstatSync(this.pathOf(id)).isFile();
    } catch {
      return false;
    }
  }

  /**
   * The blob's bytes, checked: a regular file reached without following links (its shard
   * folder too), at most `maxBytes`, hashing to its name. Anything else is a
   * BlobIntegrityError naming the blob and its file; a missing blob is ENOENT as before.
   */
  async get(id: string, maxBytes: number = BLOB_LIMITS.fileBytes): Promise<Buffer> {
    const path = this.pathOf(id);
    const refuse = (why: string): never => {
      throw new BlobIntegrityError(id, path, why);
    };
    const shard = join(this.root, id.slice(0, 2));
    try {
      if (lstatSync(shard).isSymbolicLink()) refuse(`lies in ${shard}, which is a symbolic link; ElderBench never makes links there`);
    } catch (e) {
      if (e instanceof BlobIntegrityError) throw e;
      // A missing shard: the open below reports ENOENT.
    }
    let fh: FileHandle;
    try {
      fh = await open(path, constants.O_RDONLY | NO_FOLLOW);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'EMLINK') {
        return refuse('is a symbolic link; ElderBench never stores links, so it was not followed (it may point at a private file)');
      }
      throw e;
    }
    try {
      const st = await fh.stat();
      if (!st.isFile()) refuse('is not a regular file');
      if (st.size > maxBytes) refuse(`is ${mib(st.size)}, more than any stored file may be (${mib(maxBytes)})`);
      const bytes = await fh.readFile();
      if (bytes.length > maxBytes) refuse(`grew past ${mib(maxBytes)} while being read`);
      const actual = createHash('sha256').update(bytes).digest('hex');
      if (actual !== id)
        refuse(`does not hold the bytes named by its hash (they hash to ${actual.slice(0, 12)}…): it was changed or replaced`);
      return bytes;
    } finally {
      await fh.close();
    }
  }
}
