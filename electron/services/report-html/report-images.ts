import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { encodeThumbnail } from '../../adapters/observations/observation-sink.js';
import type { ReportImage } from '../../core/report-html/model.js';

const EXT: Record<string, string> = { 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg' };

/**
 * The screenshots a report uses, each written once: the full image as stored (`img/`), and a
 * small thumbnail (`thumb/`) — the demonstration's own when it has one, else made here.
 * Paths are named by blob id, so a screen seen by several steps is one file.
 */
export class ReportImages {
  private readonly full = new Map<string, string>();
  /** screenshot blob → its thumbnail: a stored one to copy, or made from the screenshot */
  private readonly thumbs = new Map<string, { copy: string } | { from: string }>();

  constructor(private readonly store: WorkspaceStore) {}

  /** Registers a screenshot (and its stored thumbnail, if any); null when the blob is missing. */
  add(blob: string | null, storedThumb: string | null = null): ReportImage | null {
    if (!blob || !this.store.blobs.has(blob)) return null;
    const media = this.store.blobIndex.get(blob)?.mediaType ?? 'image/webp';
    const full = `img/${blob}.${EXT[media] ?? 'bin'}`;
    this.full.set(blob, full);
    // One thumbnail per screenshot: a stored one (demonstrations have them) wins over making one.
    if (storedThumb !== null && this.store.blobs.has(storedThumb)) this.thumbs.set(blob, { copy: storedThumb });
    else if (!this.thumbs.has(blob)) this.thumbs.set(blob, { from: blob });
    return { thumb: `thumb/${blob}.webp`, full };
  }

  get count(): number {
    return this.full.size;
  }

  /** Writes every registered image through `write`, a few at a time (thumbnails are encoded). */
  async writeAll(write: (rel: string, bytes: Uint8Array) => Promise<void>, concurrency = 4): Promise<void> {
    const jobs: (() => Promise<void>)[] = [
      ...[...this.full].map(
        ([blob, path]) =>
          async () =>
            write(path, await this.store.blobs.get(blob)),
      ),
      ...[...this.thumbs].map(
        ([blob, src]) =>
          async () =>
            write(
              `thumb/${blob}.webp`,
              'copy' in src ? await this.store.blobs.get(src.copy) : await encodeThumbnail(await this.store.blobs.get(src.from)),
            ),
      ),
    ];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) await jobs[next++]!();
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  }
}
