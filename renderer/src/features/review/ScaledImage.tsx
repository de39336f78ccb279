import { useEffect, useRef, useState } from 'react';

/**
 * Draws an image at the size it is shown. A phone screenshot decodes to ~10 MB as an <img>,
 * and Chromium keeps decoded images around; paging through thousands of steps that way
 * grew the renderer past 700 MB. Decoding into a display-sized bitmap and painting it on a
 * canvas keeps ~1 MB per screen (a 48 px thumbnail: ~20 kB). Recent bitmaps are kept in a
 * small pixel-budgeted cache, and the neighbouring steps are decoded ahead, so stepping
 * back and forth does not decode again.
 */
export function ScaledImage({
  src,
  alt,
  aspect,
  prefetch = [],
  thumbnail = false,
}: {
  src: string;
  alt: string;
  aspect: number;
  prefetch?: string[];
  thumbnail?: boolean;
}) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const ahead = prefetch.join('\n');

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let live = true;
    const width = Math.max(1, Math.round((canvas.clientWidth || 360) * (window.devicePixelRatio || 1)));
    void scaledBitmap(src, width, thumbnail ? PRIORITY.thumbnail : PRIORITY.shown)
      .then((bmp) => {
        if (!live) return;
        canvas.width = bmp.width;
        canvas.height = bmp.height;
        canvas.getContext('2d')?.drawImage(bmp, 0, 0);
        setState('ready');
        for (const next of ahead ? ahead.split('\n') : []) void scaledBitmap(next, width, PRIORITY.ahead).catch(() => undefined);
      })
      .catch(() => {
        if (live) setState('error');
      });
    return () => {
      live = false;
    };
  }, [src, ahead, thumbnail]);

  return (
    <>
      {/* An empty alt marks a decorative picture (a thumbnail beside its own description). */}
      <canvas
        ref={ref}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-state={state}
        data-testid="scaled-image"
        style={{ aspectRatio: String(aspect) }}
      />
      {state === 'error' && <span className="review-shot-missing">Could not load this screenshot</span>}
    </>
  );
}

/** Decoded bitmaps by (src, width), least recently used first out, within a pixel budget (~64 MB). */
const PIXEL_BUDGET = 16_000_000;
const cache = new Map<string, { bitmap: Promise<ImageBitmap>; pixels: number }>();
let cachedPixels = 0;

function scaledBitmap(src: string, width: number, priority: number): Promise<ImageBitmap> {
  const key = `${width}|${src}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.bitmap;
  }
  const entry = { bitmap: schedule(() => decodeScaled(src, width), priority), pixels: 0 };
  cache.set(key, entry);
  entry.bitmap.then(
    (b) => {
      entry.pixels = b.width * b.height;
      cachedPixels += entry.pixels;
      evict();
    },
    () => cache.delete(key),
  );
  return entry.bitmap;
}

function evict(): void {
  for (const [key, e] of cache) {
    if (cachedPixels <= PIXEL_BUDGET || cache.size <= 2) break;
    cache.delete(key);
    cachedPixels -= e.pixels;
    // Only drop our reference: a canvas that already drew it keeps its own pixels.
    void e.bitmap.then(
      (b) => b.close(),
      () => undefined,
    );
  }
}

/**
 * At most two decodes at a time: the screen in view first (newest first: while paging
 * quickly, the step in view matters, not the ones passed), then the neighbours decoded
 * ahead, then thumbnails.
 */
const PRIORITY = { shown: 0, ahead: 1, thumbnail: 2 } as const;
const MAX_DECODES = 2;
let running = 0;
const queued: { priority: number; start(): void }[] = [];

function schedule<T>(work: () => Promise<T>, priority: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const job = {
      priority,
      start: () => {
        running++;
        work()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      },
    };
    // Before every job of a lower priority; a shown screen also before older shown screens.
    const at = queued.findIndex((q) => q.priority > priority || (priority === PRIORITY.shown && q.priority === priority));
    queued.splice(at < 0 ? queued.length : at, 0, job);
    next();
  });
}

function next(): void {
  while (running < MAX_DECODES && queued.length > 0) queued.shift()!.start();
}

async function decodeScaled(src: string, width: number): Promise<ImageBitmap> {
  let source: Blob | HTMLImageElement;
  try {
    const res = await fetch(src);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    source = await res.blob();
  } catch {
    // Schemes fetch() cannot read (the desktop app's blob protocol): decode through an <img> once.
    const img = new Image();
    img.src = src;
    await img.decode();
    source = img;
  }
  return createImageBitmap(source, { resizeWidth: width, resizeQuality: 'medium' });
}
