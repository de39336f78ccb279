import { useEffect, useRef, useState } from 'react';

/**
 * Draws an image at the size it is shown. A phone screenshot decodes to ~10 MB as an <img>,
 * and Chromium keeps decoded images around; paging through thousands of steps that way
 * grows the renderer past 700 MB. Decoding once into a display-sized bitmap and painting it
 * on a canvas keeps only ~1 MB per visible screen.
 */
export function ScaledImage({ src, alt, aspect }: { src: string; alt: string; aspect: number }) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const abort = new AbortController();
    setState('loading');
    const width = Math.max(1, Math.round((canvas.clientWidth || 360) * (window.devicePixelRatio || 1)));
    void decodeScaled(src, width, abort.signal)
      .then((bmp) => {
        if (abort.signal.aborted) return bmp.close();
        canvas.width = bmp.width;
        canvas.height = bmp.height;
        canvas.getContext('2d')?.drawImage(bmp, 0, 0);
        bmp.close();
        setState('ready');
      })
      .catch(() => {
        if (!abort.signal.aborted) setState('error');
      });
    return () => abort.abort();
  }, [src]);

  return (
    <>
      <canvas ref={ref} role="img" aria-label={alt} data-state={state} data-testid="scaled-image" style={{ aspectRatio: String(aspect) }} />
      {state === 'error' && <span className="review-shot-missing">Could not load this screenshot</span>}
    </>
  );
}

async function decodeScaled(src: string, width: number, signal: AbortSignal): Promise<ImageBitmap> {
  let source: Blob | HTMLImageElement;
  try {
    const res = await fetch(src, { signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    source = await res.blob();
  } catch (e) {
    if (signal.aborted) throw e;
    // Schemes fetch() cannot read (the desktop app's blob protocol): decode through an <img> once.
    const img = new Image();
    img.src = src;
    await img.decode();
    source = img;
  }
  return createImageBitmap(source, { resizeWidth: width, resizeQuality: 'medium' });
}
