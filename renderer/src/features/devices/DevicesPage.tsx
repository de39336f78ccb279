import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Action } from '../../../../shared/domain/action.js';
import type { UiHierarchy } from '../../../../shared/domain/ui-node.js';
import { api } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';
import { DeviceControls } from '../mirror/DeviceControls.js';
import { HierarchyTree } from '../mirror/HierarchyTree.js';
import { Mirror } from '../mirror/Mirror.js';
import { DeviceList } from './DeviceList.js';

export function DevicesPage() {
  const { selected, load, notify } = useAppStore(
    useShallow((s) => ({ selected: s.selectedSerial, load: s.loadDevices, notify: s.notify })),
  );
  const [hierarchy, setHierarchy] = useState<UiHierarchy | null>(null);
  const [showTree, setShowTree] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);

  const refreshHierarchy = async (serial: string): Promise<void> => {
    try {
      setHierarchy(await api.devices.hierarchy({ serial }));
    } catch (e) {
      notify(`No UI hierarchy: ${(e as Error).message}`, 'error');
    }
  };

  const act = async (action: Action): Promise<void> => {
    if (!selected) return;
    setBusy(true);
    try {
      await api.devices.input({ serial: selected, action });
      if (showTree) await refreshHierarchy(selected);
    } catch (e) {
      notify(`${action.type} failed: ${(e as Error).message}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Devices</h1>
      <DeviceList />
      {selected && (
        <div className="mirror-layout">
          <div>
            <Mirror serial={selected} onAction={(a) => void act(a)} busy={busy} hierarchy={showTree ? hierarchy : null} />
            <DeviceControls onAction={(a) => void act(a)} busy={busy} />
          </div>
          <div className="side-panel">
            <label className="radio">
              <input
                type="checkbox"
                checked={showTree}
                onChange={(e) => {
                  setShowTree(e.target.checked);
                  if (e.target.checked) void refreshHierarchy(selected);
                }}
              />
              Show UI hierarchy (hover the screen to inspect)
            </label>
            {showTree && hierarchy && <HierarchyTree hierarchy={hierarchy} />}
          </div>
        </div>
      )}
    </section>
  );
}
