import { useEffect, useId, useState } from 'react';
import { describeAction } from '../../../../shared/domain/describe-action.js';
import { useAppStore } from '../../store/app-store.js';

/**
 * Routes the open task's graph does not know, proposed by exploring its app, accepted in bulk: each chosen
 * route is played on a test phone from the task's setup (the task's checks decide there), recorded as a
 * demonstration, and the graph is rebuilt once.
 */
export function RoutesPanel({ taskId }: { taskId: string }) {
  const proposed = useAppStore((s) => s.proposedRoutes);
  const busy = useAppStore((s) => s.offGraphBusy);
  const devicesState = useAppStore((s) => s.devices);
  const propose = useAppStore((s) => s.proposeRoutes);
  const accept = useAppStore((s) => s.acceptRoutes);
  const ids = useId();
  const [unchosen, setUnchosen] = useState<Set<string>>(new Set());
  const [device, setDevice] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => setUnchosen(new Set()), [proposed]);
  const routes = proposed?.taskId === taskId ? proposed.routes : null;
  const chosen = routes?.filter((r) => !unchosen.has(r.id)) ?? [];
  const ready = (devicesState?.devices ?? []).filter((d) => d.state === 'device');
  const serial = device || ready[0]?.serial || '';
  return (
    <section className="card routes-panel" aria-labelledby={`${ids}-title`} data-testid="routes-panel">
      <h2 id={`${ids}-title`}>Routes the graph does not know</h2>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => void propose(taskId)} data-testid="routes-propose">
          {busy ? 'Exploring…' : 'Explore the app for right routes'}
        </button>
        {routes && <span>{routes.length} proposed</span>}
      </div>
      {routes && routes.length > 0 && (
        <>
          <ul className="plain" data-testid="routes-list">
            {routes.map((r) => (
              <li key={r.id}>
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={!unchosen.has(r.id)}
                    onChange={(e) => {
                      const next = new Set(unchosen);
                      if (e.target.checked) next.delete(r.id);
                      else next.add(r.id);
                      setUnchosen(next);
                    }}
                  />{' '}
                  {r.description || r.id}: {r.actions.map((a) => describeAction(a)).join(' → ')}
                </label>
              </li>
            ))}
          </ul>
          <div className="row routes-accept">
            <label htmlFor={`${ids}-device`}>Phone</label>
            <select
              id={`${ids}-device`}
              value={serial}
              onChange={(e) => {
                setDevice(e.target.value);
                setConfirmed(false);
              }}
            >
              {ready.length === 0 && <option value="">no phone attached</option>}
              {ready.map((d) => (
                <option key={d.serial} value={d.serial}>
                  {d.serial}
                </option>
              ))}
            </select>
            <label className="inline">
              <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> {serial || 'the phone'} is a
              test phone set up like the explorer’s
            </label>
            <button
              type="button"
              disabled={busy || !serial || !confirmed || chosen.length === 0}
              onClick={() => void accept(chosen, serial)}
            >
              Accept {chosen.length} route{chosen.length === 1 ? '' : 's'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
