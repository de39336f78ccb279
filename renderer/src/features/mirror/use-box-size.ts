import { useCallback, useRef, useState } from 'react';
import type { Size } from './fit.js';

/**
 * The content size of an element, kept current as the window (or the UI scale) changes.
 * Returns a callback ref, so it follows the element even when it is re-created.
 */
export function useBoxSize<T extends HTMLElement>(): [(el: T | null) => void, Size] {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const measure = (): void => {
      const next = { width: Math.floor(el.clientWidth), height: Math.floor(el.clientHeight) };
      setSize((cur) => (cur.width === next.width && cur.height === next.height ? cur : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  return [ref, size];
}
