import { BlobLimitError } from '../blobs/blob-errors.js';
import { BLOB_LIMITS } from '../blobs/blob-limits.js';
import { normalizeMediaType } from '../blobs/blob-types.js';
import { openImage } from '../images/open-image.js';
import { decodeXml } from './observation-sink.js';

/**
 * Checks that a blob's content decodes within its kind's limit, without keeping what it decodes:
 * a gzipped UI dump must inflate to at most the UI-dump limit, an image must have at most the
 * pixel limit (read from its header, nothing decoded). Throws BlobLimitError naming the blob, or
 * the decoder's own error for bytes that are not what their type says.
 */
export async function checkBlobContent(bytes: Uint8Array, mediaType: string, blobId: string): Promise<void> {
  const t = normalizeMediaType(mediaType);
  if (t === 'application/gzip' || t === 'application/vnd.elderbench.uixml+gzip') {
    await decodeXml(bytes, blobId);
    return;
  }
  if (t?.startsWith('image/')) {
    const { width = 0, height = 0 } = await openImage(bytes).metadata();
    if (width * height > BLOB_LIMITS.imagePixels) {
      throw new BlobLimitError(
        blobId,
        `the image blob ${blobId} is ${width} × ${height} pixels, more than any screen (${BLOB_LIMITS.imagePixels / 1e6} megapixels); it is damaged or crafted`,
      );
    }
  }
}
