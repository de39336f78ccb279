import { openImage } from '../images/open-image.js';

/**
 * 64-bit average hash of a screenshot (8×8 greyscale, bit = brighter than the mean), hex.
 * Used only for text-less screens, where the UI tree cannot tell pages apart.
 */
export async function averageHash(image: Uint8Array): Promise<string> {
  const px = await openImage(image).greyscale().resize(8, 8, { fit: 'fill' }).raw().toBuffer();
  const mean = px.reduce((s, v) => s + v, 0) / px.length;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | (px[i + j]! > mean ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}
