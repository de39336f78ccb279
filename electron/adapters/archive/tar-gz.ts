import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';

/**
 * A gzipped tar written entry by entry (tar-stream): small texts from memory, large files streamed from disk with
 * backpressure, so an archive of gigabytes of images never sits in memory. Written to a temp file beside `out` and
 * renamed into place by `finish`, so a reader never sees half an archive under its final name.
 */
export class TarGzWriter {
  private readonly pack = tar.pack();
  private readonly tmp: string;
  private readonly done: Promise<void>;
  private failed: unknown = null;

  constructor(private readonly out: string) {
    this.tmp = `${out}.${process.pid}.${Date.now()}.tmp`;
    this.done = pipeline(this.pack, createGzip({ level: 6 }), createWriteStream(this.tmp));
    this.done.catch((e: unknown) => {
      this.failed = e;
    });
  }

  /** A file whose bytes are in memory (a manifest, a JSON-lines file). */
  async addBytes(name: string, bytes: Buffer): Promise<void> {
    this.check();
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name, size: bytes.length, mtime: new Date(0) }, bytes, (e) => (e ? reject(e) : resolve()));
    });
  }

  /** A file streamed from disk (an image): its size must be known, as a tar header comes first. */
  async addFile(name: string, path: string, size: number): Promise<void> {
    this.check();
    const entry = this.pack.entry({ name, size, mtime: new Date(0) });
    await pipeline(createReadStream(path), entry);
  }

  /** Closes the archive and moves it into place. */
  async finish(): Promise<void> {
    this.check();
    this.pack.finalize();
    await this.done;
    await rename(this.tmp, this.out);
  }

  /** Drops a half-written archive (an export that failed). */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => undefined);
    await rm(this.tmp, { force: true });
  }

  private check(): void {
    if (this.failed) throw this.failed instanceof Error ? this.failed : new Error(String(this.failed));
  }
}

/** One file of an archive being read: its name, declared size and bytes as a stream (read it or skip it). */
export interface TarEntry {
  name: string;
  size: number;
  type: string;
  stream: AsyncIterable<Buffer>;
}

/** Where reading an archive stopped: a damaged or cut-off gzip stream, or a tar that is not one. */
export class TarReadError extends Error {
  override readonly name = 'TarReadError';
}

/**
 * Reads a gzipped tar entry by entry, never holding more than the entry being read. A gzip stream cut short
 * (a truncated download) or damaged ends the iteration with a TarReadError naming the last entry begun.
 */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  const extract = tar.extract();
  let last: string | null = null;
  let failure: unknown = null;
  const feeding = pipeline(createReadStream(file), createGunzip(), extract).catch((e: unknown) => {
    failure = e;
    extract.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  try {
    for await (const entry of extract) {
      last = entry.header.name;
      yield { name: last, size: entry.header.size ?? 0, type: entry.header.type ?? 'file', stream: buffers(entry, last) };
      // Whatever the caller left unread is drained, so the next entry can begin.
      entry.resume();
    }
  } catch (e) {
    throw new TarReadError(describeFailure(failure ?? e, last));
  } finally {
    extract.destroy();
    await feeding;
  }
  if (failure) throw new TarReadError(describeFailure(failure, last));
}

/**
 * An entry's bytes. The gzip stream cut short (or damaged) inside the entry being read fails here, in its reader, not
 * in the archive's iteration: it is described the same way, so an archive cut anywhere says it is truncated.
 */
async function* buffers(chunks: AsyncIterable<unknown>, name: string): AsyncGenerator<Buffer> {
  try {
    for await (const c of chunks) yield Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
  } catch (e) {
    throw new TarReadError(describeFailure(e, name));
  }
}

function describeFailure(e: unknown, last: string | null): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const where = last ? ` (it ends inside or after ${last})` : ' (before its first file)';
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((e as Error | null)?.message)))
    return `the archive is truncated: its gzip data ends early${where}`;
  if (code === 'Z_DATA_ERROR') return `the archive is damaged: its gzip data is not valid${where}`;
  if (code === 'ENOENT') return 'the file does not exist';
  return `the archive cannot be read: ${(e as Error | null)?.message ?? String(e)}${where}`;
}

/** Reads a whole entry into memory, refusing one larger than `max` bytes (a JSON file of a bundle). */
export async function entryBytes(entry: TarEntry, max: number): Promise<Buffer> {
  if (entry.size > max) throw new TarReadError(`${entry.name} is ${entry.size} bytes, more than such a file may be (${max})`);
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of entry.stream) {
    n += chunk.length;
    if (n > max) throw new TarReadError(`${entry.name} is more than ${max} bytes`);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}
