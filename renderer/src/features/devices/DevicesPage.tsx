import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Action } from '../../../../shared/domain/action.js';
import { useAppStore } from '../../store/app-store.js';
import { DeviceControls } from '../mirror/DeviceControls.js';
import { HierarchyTree } from '../mirror/HierarchyTree.js';
import { Mirror } from '../mirror/Mirror.js';
import { useBoxSize } from '../mirror/use-box-size.js';
import type { RecordCommand } from '../record/shortcuts.js';
import { KEY_SWIPES } from '../record/shortcuts.js';
import { useShortcuts } from '../record/use-shortcuts.js';
import { Connections } from './Connections.js';
import { DeviceList } from './DeviceList.js';

const MIRROR_SHARE = 0.42;

/** A phone to look at and drive: its whole screen beside the device list, keys and UI hierarchy. */
export function DevicesPage() {
  const { selected, load, loaded, busy, loadHierarchy, input } = useAppStore(
    useShallow((s) => ({
      selected: s.selectedSerial,
      load: s.loadDevices,
      loaded: s.hierarchy,
      busy: s.deviceBusy,
      loadHierarchy: s.loadHierarchy,
      input: s.deviceInput,
    })),
  );
  const [showTree, setShowTree] = useState(false);
  const hierarchy = loaded && loaded.serial === selected ? loaded.tree : null;
  const [layoutRef, layout] = useBoxSize<HTMLDivElement>();
  const typeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void load();
  }, [load]);

  const act = useCallback((action: Action): Promise<void> => input(action, showTree), [input, showTree]);

  // The same phone keys as while recording (B, H, E, T, arrows), when a phone is shown.
  const run = useCallback(
    (c: RecordCommand): boolean => {
      if (!selected) return false;
      if (c === 'swipeUp' || c === 'swipeDown' || c === 'swipeLeft' || c === 'swipeRight')
        void act({ type: 'Swipe', ...KEY_SWIPES[c], ms: 300 });
      else if (c === 'back') void act({ type: 'Back' });
      else if (c === 'home') void act({ type: 'Home' });
      else if (c === 'enter') void act({ type: 'Enter' });
      else if (c === 'focusType') typeRef.current?.focus();
      else if (c === 'cancel' && document.activeElement === typeRef.current) document.getElementById('page-devices')?.focus();
      else return false;
      return true;
    },
    [act, selected],
  );
  useShortcuts(selected !== null, run);

  return (
    <section aria-labelledby="page-title" className="devices-page">
      {selected ? (
        <div className="devices-layout" ref={layoutRef}>
          <Mirror
            serial={selected}
            onAction={(a) => void act(a)}
            busy={busy}
            hierarchy={showTree ? hierarchy : null}
            maxWidth={Math.floor(layout.width * MIRROR_SHARE)}
          />
          <div className="devices-side">
            <h1 id="page-title">Devices</h1>
            <DeviceList />
            <DeviceControls onAction={(a) => void act(a)} busy={busy} typeRef={typeRef} />
            <label className="radio">
              <input
                type="checkbox"
                checked={showTree}
                onChange={(e) => {
                  setShowTree(e.target.checked);
                  if (e.target.checked) void loadHierarchy(selected);
                }}
              />
              Show UI hierarchy (hover the screen to inspect)
            </label>
            {showTree && hierarchy && (
              <div className="tree-scroll" tabIndex={0} role="region" aria-label="UI hierarchy" data-own-arrows>
                <HierarchyTree hierarchy={hierarchy} />
              </div>
            )}
            <Connections open={false} />
          </div>
        </div>
      ) : (
        <div className="devices-empty">
          <h1 id="page-title">Devices</h1>
          <DeviceList />
          <Connections open />
        </div>
      )}
    </section>
  );
}
