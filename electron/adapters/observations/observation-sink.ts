import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { RawObservation } from '../../core/recording/recording-ports.js';
import type { WorkspaceStore } from '../db/workspace-store.js';
import { BlobLimitError } from '../blobs/blob-errors.js';
import { BLOB_LIMITS, mib } from '../blobs/blob-limits.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { isPixelLimitError, openImage } from '../images/open-image.js';
import { Lru } from '../../../shared/lru.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const SCREENSHOT_MEDIA_TYPE = 'image/webp';
export const THUMBNAIL_MEDIA_TYPE = 'image/webp';
export const XML_MEDIA_TYPE = 'application/vnd.elderbench.uixml+gzip';
export const THUMBNAIL_WIDTH = 270;

/**
 * Screenshots are stored as lossless WebP: pixel-identical to the device's PNG (tested), about
 * 0.17× the virtual phone's PNG on UI screens, 60–110 ms of CPU to encode at 1080×2400 (the
 * thumbnail adds ≈ 55; `npm run bench recording` prints both together) — which is why a recorded
 * step is committed with its PNG first and encoded afterwards (`storeObservation`). Effort 1 at
 * quality 20 (libwebp's fastest lossless search that still finds repeats; effort 0 makes files
 * larger than the PNG): against effort 2 at the default quality 80 it takes 0.3–0.4× the CPU for
 * 1.3–1.4× the bytes (≈ 42 KB instead of 30 KB a screen on the sample set's recorded screens) —
 * recording and every online step encode one, and on a device farm's harness the CPU is what runs
 * out first. Lossy formats were rejected: graph matching and reviewers need exact pixels. XML is
 * gzipped (UI dumps shrink ~10×). Identical content is stored once.
 */
export async function encodeScreenshot(png: Uint8Array): Promise<Buffer> {
  return openImage(png).webp({ lossless: true, effort: 1, quality: 20 }).toBuffer();
}

export async function encodeThumbnail(png: Uint8Array): Promise<Buffer> {
  return openImage(png).resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 70 }).toBuffer();
}

/**
 * The last screens encoded, by the hash of the phone's PNG: a screen that did not change between
 * steps (a tap that only moved focus, the launcher every demonstration starts from, a wait) is
 * encoded once — encoding is a pure function of the bytes, so this only saves the CPU. Small: a
 * phone repeats recent screens, and each entry is ~50 KB.
 */
const RECENT_SCREENS = 16;
const recentScreens = new Lru<string, Promise<[Buffer, Buffer]>>(RECENT_SCREENS);

function encodeScreen(png: Uint8Array): Promise<[Buffer, Buffer]> {
  const key = createHash('sha256').update(png).digest('hex');
  return recentScreens.remember(key, () => Promise.all([encodeScreenshot(png), encodeThumbnail(png)]));
}

export const encodeXml = (xml: string): Promise<Buffer> => gzipAsync(Buffer.from(xml, 'utf8'), { level: 6 });

/** A gzipped UI dump, inflated at most to the UI-dump limit: a crafted dump (a gzip bomb) is refused with bounded memory. */
export async function decodeXml(bytes: Uint8Array, blobId: string | null = null): Promise<string> {
  try {
    return (await gunzipAsync(bytes, { maxOutputLength: BLOB_LIMITS.uiDumpBytes })).toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw e;
    throw new BlobLimitError(
      blobId,
      `${blobId ? `the UI dump blob ${blobId}` : 'a UI dump'} inflates to more than ${mib(BLOB_LIMITS.uiDumpBytes)}, ` +
        'far more than any screen; it is damaged or crafted (was it imported from a graph file?)',
    );
  }
}

/** PNG bytes of a stored screenshot (for agents and judges that want PNG). */
export async function decodeScreenshotToPng(bytes: Uint8Array, blobId: string | null = null): Promise<Buffer> {
  try {
    return await openImage(bytes).png().toBuffer();
  } catch (e) {
    if (!isPixelLimitError(e)) throw e;
    throw new BlobLimitError(
      blobId,
      `${blobId ? `the screenshot blob ${blobId}` : 'a screenshot'} has more than ${BLOB_LIMITS.imagePixels / 1e6} megapixels, ` +
        'far more than any screen; it is damaged or crafted',
    );
  }
}

/** A stored UI dump's XML, read with every check (no links, hash, size) and inflated within its limit. */
export async function loadUiDump(blobs: BlobStore, id: string): Promise<string> {
  return decodeXml(await blobs.get(id), id);
}

/** A stored screenshot as PNG, read with every check and decoded within the pixel limit. */
export async function loadScreenshotPng(blobs: BlobStore, id: string): Promise<Buffer> {
  return decodeScreenshotToPng(await blobs.get(id), id);
}

export interface StoredObservation {
  screenshotBlob: string;
  /** Null only when the phone's bytes were no image sharp can read (kept as they came). */
  thumbnailBlob: string | null;
  xmlBlob: string;
}

/**
 * Encodes a raw observation and stores its blobs. A screenshot that is no readable image is
 * stored as the phone sent it (under the PNG type it claimed), so a step never loses its
 * pixels to an encoder's refusal; only a failure to write (disk full) is an error.
 */
export async function storeObservation(ws: WorkspaceStore, raw: RawObservation): Promise<StoredObservation> {
  const encoded = await encodeScreen(raw.screenshot).catch(() => null);
  const xml = await encodeXml(raw.xml);
  const puts = [
    encoded ? ws.putBlob(encoded[0], SCREENSHOT_MEDIA_TYPE) : ws.putBlob(raw.screenshot, 'image/png'),
    encoded ? ws.putBlob(encoded[1], THUMBNAIL_MEDIA_TYPE) : null,
    ws.putBlob(xml, XML_MEDIA_TYPE),
  ] as const;
  // Every write ends before this returns or throws: a failed one must not leave the others writing in the background (a
  // retry would race them, and a temp file would outlive the call that made it: found as a flaky test on a loaded box).
  await Promise.allSettled(puts);
  const [s, t, x] = await Promise.all(puts);
  return { screenshotBlob: s.id, thumbnailBlob: t?.id ?? null, xmlBlob: x.id };
}

/** Width and height of an encoded image; rejects bytes that are not an image. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await openImage(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
