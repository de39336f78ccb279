import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sharp } from '../images/sharp.js';
import type { RawObservation } from '../../core/recording/recording-ports.js';
import type { WorkspaceStore } from '../db/workspace-store.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const SCREENSHOT_MEDIA_TYPE = 'image/webp';
export const THUMBNAIL_MEDIA_TYPE = 'image/webp';
export const XML_MEDIA_TYPE = 'application/vnd.elderbench.uixml+gzip';
export const THUMBNAIL_WIDTH = 270;

/**
 * Screenshots are stored as lossless WebP: pixel-identical to the device's PNG (tested),
 * about 0.17× its size on UI screens, ~100 ms to encode at 1080×2400 on an idle core
 * (measured in `npm run bench`), several times that on a busy machine — which is why a
 * recorded step is committed with its PNG first and encoded afterwards (`storeObservation`).
 * Lossy formats were rejected: graph matching and reviewers need exact pixels. XML is
 * gzipped (UI dumps shrink ~10×). Identical content is stored once.
 */
export async function encodeScreenshot(png: Uint8Array): Promise<Buffer> {
  return sharp(png).webp({ lossless: true, effort: 2 }).toBuffer();
}

export async function encodeThumbnail(png: Uint8Array): Promise<Buffer> {
  return sharp(png).resize({ width: THUMBNAIL_WIDTH }).webp({ quality: 70 }).toBuffer();
}

export const encodeXml = (xml: string): Promise<Buffer> => gzipAsync(Buffer.from(xml, 'utf8'), { level: 6 });
export const decodeXml = async (bytes: Uint8Array): Promise<string> => (await gunzipAsync(bytes)).toString('utf8');

/** PNG bytes of a stored screenshot (for agents and judges that want PNG). */
export async function decodeScreenshotToPng(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes).png().toBuffer();
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
  const encoded = await Promise.all([encodeScreenshot(raw.screenshot), encodeThumbnail(raw.screenshot)]).catch(() => null);
  const xml = await encodeXml(raw.xml);
  const [s, t, x] = await Promise.all([
    encoded ? ws.putBlob(encoded[0], SCREENSHOT_MEDIA_TYPE) : ws.putBlob(raw.screenshot, 'image/png'),
    encoded ? ws.putBlob(encoded[1], THUMBNAIL_MEDIA_TYPE) : null,
    ws.putBlob(xml, XML_MEDIA_TYPE),
  ]);
  return { screenshotBlob: s.id, thumbnailBlob: t?.id ?? null, xmlBlob: x.id };
}

/** Width and height of an encoded image; rejects bytes that are not an image. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
