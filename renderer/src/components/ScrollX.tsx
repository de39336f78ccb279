import type { ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A wide table scrolls sideways in its own box instead of pushing the page wider (large UI
 * scales, many agents). When it does scroll, the box is a named, focusable region, so the
 * keyboard can scroll it too; when it fits, it adds no tab stop.
 */
export function ScrollX({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, []);
  return (
    <div className="scroll-x" ref={ref} {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
