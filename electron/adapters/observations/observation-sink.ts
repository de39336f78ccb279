import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sharp } from '../images/sharp.js';
import type { Observation } from '../../core/recording/capture.js';
import type { ObservationSink } from '../../core/recording/recording-ports.js';
import type { WorkspaceStore } from '../db/workspace-store.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const SCREENSHOT_MEDIA_TYPE = 'image/webp';
export const THUMBNAIL_MEDIA_TYPE = 'image/webp';
export const XML_MEDIA_TYPE = 'application/vnd.elderbench.uixml+gzip';
export const THUMBNAIL_WIDTH = 270;

/**
 * Screenshots are stored as lossless WebP: pixel-identical to the device's PNG (tested),
 * about 0.17× its size on UI screens, ~100 ms to encode at 1080×2400 (measured in
 * `npm run bench`). Lossy formats were rejected: graph matching and reviewers need
 * exact pixels. XML is gzipped (UI dumps shrink ~10×). Identical content is stored once.
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

export function workspaceObservationSink(store: () => WorkspaceStore): ObservationSink {
  return {
    async store(obs: Observation) {
      const [shot, thumb, xml] = await Promise.all([encodeScreenshot(obs.screenshot), encodeThumbnail(obs.screenshot), encodeXml(obs.xml)]);
      const ws = store();
      const [s, t, x] = await Promise.all([
        ws.putBlob(shot, SCREENSHOT_MEDIA_TYPE),
        ws.putBlob(thumb, THUMBNAIL_MEDIA_TYPE),
        ws.putBlob(xml, XML_MEDIA_TYPE),
      ]);
      return { screenshotBlob: s.id, thumbnailBlob: t.id, xmlBlob: x.id };
    },
  };
}

/** Width and height of an encoded image; rejects bytes that are not an image. */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
