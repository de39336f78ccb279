import type { ScreenSize } from '../../../shared/domain/ui-node.js';

/** A screenshot as it goes to the model. */
export interface SentImage {
  dataUrl: string;
  width: number;
  height: number;
  mime: 'image/png' | 'image/jpeg';
}

export interface EncodeOptions {
  /** Resize to exactly this size first (absolute-coordinate models: the smart_resize result). */
  resizeTo?: ScreenSize | null;
  format?: 'png' | 'jpeg';
}

/**
 * Image work lives in electron/adapters/images (sharp is native); core agents receive this port.
 * Implementations throw on unreadable input; the agent turns that into an infrastructure error.
 */
export interface ImagePort {
  encode(png: Uint8Array, options: EncodeOptions): Promise<SentImage>;
}
