import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Renders only the rows in view: fixed row height, a spacer the full list's height,
 * and a few rows of overscan. Lists of 10k+ rows stay as cheap as lists of 20.
 */
export function useWindow(count: number, rowHeight: number, overscan = 6) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight || 480);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 480));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = useCallback((e: React.UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop), []);

  /** Scrolls just enough to show row `i` (keyboard navigation keeps the selection in view). */
  const reveal = useCallback(
    (i: number) => {
      const el = ref.current;
      if (!el || i < 0) return;
      const top = i * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
      setScrollTop(el.scrollTop);
    },
    [rowHeight],
  );

  const [start, end] = windowRange(count, rowHeight, scrollTop, height, overscan);
  return { ref, onScroll, reveal, start, end, total: count * rowHeight };
}

/** Visible window of a list, pure (tested without a DOM). */
export function windowRange(count: number, rowHeight: number, scrollTop: number, height: number, overscan = 6): [number, number] {
  return [
    Math.max(0, Math.floor(scrollTop / rowHeight) - overscan),
    Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan),
  ];
}
