import type { ReactNode } from 'react';

/** A keyboard shortcut shown on a control; the control itself carries aria-keyshortcuts. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="kbd" aria-hidden="true">
      {children}
    </kbd>
  );
}
