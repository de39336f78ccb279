import { openImage } from './open-image.js';
import type { EncodeOptions, ImagePort, SentImage } from '../../core/agents/image-port.js';

/**
 * The ImagePort over sharp. `fill` resizing hits the exact target size (smart_resize output),
 * which absolute-coordinate models need: their numbers are pixels of this very image.
 */
export class SharpImagePort implements ImagePort {
  async encode(png: Uint8Array, options: EncodeOptions): Promise<SentImage> {
    const format = options.format ?? 'png';
    let img = openImage(png);
    const meta = await img.metadata();
    if (!meta.width || !meta.height) throw new Error('the screenshot has no readable size (is it a PNG?)');
    let width = meta.width;
    let height = meta.height;
    const target = options.resizeTo;
    if (target && (target.width !== width || target.height !== height)) {
      img = img.resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' });
      width = target.width;
      height = target.height;
    }
    // Send the capture's own bytes when nothing changes: no re-encode, no quality loss.
    const untouched = !target || (target.width === meta.width && target.height === meta.height);
    const bytes =
      untouched && format === 'png' && meta.format === 'png'
        ? Buffer.from(png)
        : format === 'jpeg'
          ? await img.jpeg({ quality: 90 }).toBuffer()
          : await img.png().toBuffer();
    const mime = format === 'jpeg' ? 'image/jpeg' : 'image/png';
    return { dataUrl: `data:${mime};base64,${bytes.toString('base64')}`, width, height, mime };
  }
}
