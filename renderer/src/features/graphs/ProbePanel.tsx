import { useEffect, useId, useState } from 'react';
import type { ProbeVariantResult } from '../../../../shared/domain/graph.js';
import { describeAction } from '../../../../shared/domain/describe-action.js';
import { useAppStore } from '../../store/app-store.js';

const VERDICT: Record<ProbeVariantResult['verdict'], string> = {
  agree: 'agrees',
  'false-accept': 'false accept',
  'false-reject': 'false reject',
  unplayable: 'could not be played',
  'suspected-false-accept': 'suspected false accept',
  'suspected-false-reject': 'suspected false reject',
  unjudged: 'no expectation',
};

/**
 * The open graph's latest probe: totals, the variants where the graph and the phone disagree (each opens
 * to its actions and the nodes the walk went through), and a way to probe again — structurally, or on a
 * phone the annotator confirms as a test phone (wrong variants send, pay and delete for real).
 */
export function ProbePanel() {
  const detail = useAppStore((s) => s.graphDetail);
  const busy = useAppStore((s) => s.graphBusy);
  const devicesState = useAppStore((s) => s.devices);
  const openVariant = useAppStore((s) => s.openVariant);
  const showVariant = useAppStore((s) => s.showVariant);
  const probeGraph = useAppStore((s) => s.probeGraph);
  const loadDevices = useAppStore((s) => s.loadDevices);
  const [device, setDevice] = useState('');
  useEffect(() => {
    if (!devicesState) void loadDevices();
  }, [devicesState, loadDevices]);
  const [confirmed, setConfirmed] = useState(false);
  const ids = useId();
  if (!detail) return null;
  const probe = detail.probe;
  const disagreements = probe?.results.filter((r) => r.verdict !== 'agree' && r.verdict !== 'unjudged') ?? [];
  const ready = (devicesState?.devices ?? []).filter((d) => d.state === 'device');
  return (
    <section className="card probe-panel" aria-labelledby={`${ids}-title`} data-testid="probe-panel">
      <h2 id={`${ids}-title`}>Probe</h2>
      {probe ? (
        <p data-testid="probe-totals">
          {probe.kind === 'device' ? `Played on ${probe.device}` : 'Structural (no device)'}: {probe.variants} variants,{' '}
          {probe.falseAccepts} false accepts, {probe.falseRejects} false rejects, {probe.unplayable} unplayable
          {probe.kind === 'structural' ? `, ${probe.suspected} to settle` : ''}.
        </p>
      ) : (
        <p>This version was never probed.</p>
      )}
      {disagreements.length > 0 && (
        <ul className="plain" data-testid="probe-disagreements">
          {disagreements.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="link"
                aria-expanded={openVariant?.id === r.id}
                onClick={() => showVariant(openVariant?.id === r.id ? null : r)}
              >
                {VERDICT[r.verdict]}: {r.description}
              </button>
            </li>
          ))}
        </ul>
      )}
      {openVariant && (
        <div className="variant" data-testid="probe-variant">
          <h3>{openVariant.description}</h3>
          <ol>
            {openVariant.actions.map((a, i) => (
              <li key={i}>{describeAction(a)}</li>
            ))}
            <li>Finish</li>
          </ol>
          <p>
            Graph: {openVariant.offline.accepted ? 'accepted' : 'rejected'} — {openVariant.offline.reason}. Walked:{' '}
            {(openVariant.offline.path ?? []).join(' → ') || '—'} (marked on the graph).
          </p>
          {openVariant.device && (
            <p>
              Phone:{' '}
              {openVariant.device.pass === null
                ? 'not played'
                : openVariant.device.pass
                  ? "the task's checks pass"
                  : "the task's checks fail"}{' '}
              — {openVariant.device.reason}
            </p>
          )}
        </div>
      )}
      <div className="row">
        <label htmlFor={`${ids}-device`}>Probe on</label>
        <select
          id={`${ids}-device`}
          value={device}
          disabled={busy}
          onChange={(e) => {
            setDevice(e.target.value);
            setConfirmed(false);
          }}
        >
          <option value="">no device (structural)</option>
          {ready.map((d) => (
            <option key={d.serial} value={d.serial}>
              {d.serial}
              {d.model ? ` (${d.model})` : ''}
            </option>
          ))}
        </select>
        {device && (
          <label className="inline">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} data-testid="probe-confirm" />{' '}
            {device} is a test phone: wrong variants may send messages, pay or delete on it
          </label>
        )}
        <button
          type="button"
          disabled={busy || (device !== '' && !confirmed)}
          onClick={() => void probeGraph(device || null)}
          data-testid="probe-run"
        >
          {busy ? 'Probing…' : 'Probe again'}
        </button>
      </div>
    </section>
  );
}
