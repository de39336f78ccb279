import { useEffect, useId, useState } from 'react';
import { describeAction } from '../../../../shared/domain/describe-action.js';
import { useAppStore } from '../../store/app-store.js';
import { openGroup } from '../../store/slices/off-graph-slice.js';
import { Mirror } from '../mirror/Mirror.js';
import { Screenshot } from '../review/Screenshot.js';
import { decisionLabel } from './OffGraphPanel.js';

/**
 * One group of off-graph actions: the screen the agent saw with its action drawn on it, and the two
 * decisions. Replaying plays the demonstration's way to the node and the agent's action on a test phone
 * (the phone then stays in view); from there the annotator continues recording on the Record screen (a
 * new branch), or marks the action wrong.
 */
export function OffGraphDetail() {
  const report = useAppStore((s) => s.offGraph);
  const pick = useAppStore((s) => s.offGraphPick);
  const open = openGroup(report, pick);
  const group = open?.group ?? null;
  const busy = useAppStore((s) => s.offGraphBusy);
  const branch = useAppStore((s) => s.branch);
  const devicesState = useAppStore((s) => s.devices);
  const loadDevices = useAppStore((s) => s.loadDevices);
  const replay = useAppStore((s) => s.replayOffGraph);
  const markWrong = useAppStore((s) => s.markOffGraphWrong);
  const ids = useId();
  const [which, setWhich] = useState(0);
  const [device, setDevice] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!devicesState) void loadDevices();
  }, [devicesState, loadDevices]);
  useEffect(() => {
    setWhich(0);
    setNote('');
  }, [group?.key]);

  if (!group)
    return (
      <div className="offgraph-detail card">
        <p>Choose an action on the left: you see the screen the agent saw and what it did there.</p>
      </div>
    );
  const o = group.occurrences[Math.min(which, group.occurrences.length - 1)]!;
  const ready = (devicesState?.devices ?? []).filter((d) => d.state === 'device');
  const serial = device || ready[0]?.serial || '';
  const replayed =
    branch &&
    branch.decision.source?.runId === o.runId &&
    branch.decision.source.step === o.step &&
    branch.decision.source.agent === o.agent;
  const recording = replayed && branch.demonstration.status === 'recording';
  return (
    <section className="offgraph-detail card" aria-labelledby={`${ids}-title`} data-testid="offgraph-detail">
      <h3 id={`${ids}-title`}>
        {group.description} <span className={`decision decision-${group.decision?.kind ?? 'open'}`}>{decisionLabel(group)}</span>
      </h3>
      <div className="offgraph-columns">
        <div className="offgraph-screen">
          {recording ? (
            <Mirror serial={branch.demonstration.deviceSerial} onAction={() => undefined} readOnly maxWidth={260} />
          ) : (
            <Screenshot
              blob={o.observationBlob}
              action={o.action}
              alt={`The screen ${o.agent} saw at step ${o.step + 1}`}
              aspect={open!.node.screen.width / open!.node.screen.height}
              testid="offgraph-shot"
            />
          )}
          <p className="muted">
            {recording ? 'The phone now: the screen the agent’s action led to.' : 'What the agent saw, and where it acted.'}
          </p>
        </div>
        <div className="offgraph-actions">
          <label htmlFor={`${ids}-which`}>Which time</label>
          <select id={`${ids}-which`} value={which} onChange={(e) => setWhich(Number(e.target.value))} data-testid="offgraph-occurrence">
            {group.occurrences.map((x, i) => (
              <option key={`${x.agent}:${x.step}`} value={i}>
                {x.agent}, step {x.step + 1} ({x.result.success ? 'success' : x.result.exit})
              </option>
            ))}
          </select>
          <p>
            {describeAction(o.action)}: {o.nearest.reason || 'no edge of this kind'}
            {o.nearest.edge ? ` (nearest edge ${o.nearest.edge})` : ''}.
          </p>
          {recording ? (
            <div className="offgraph-next">
              <p data-testid="offgraph-replayed">
                Replayed {branch.replayed} demonstration step(s) and the agent’s action; {branch.arrived.reason}.
              </p>
              <a className="button" href="#/record" data-testid="offgraph-continue">
                Continue recording from here
              </a>
            </div>
          ) : (
            <fieldset className="offgraph-replay">
              <legend>Replay on a phone</legend>
              <label htmlFor={`${ids}-device`}>Phone</label>
              <select
                id={`${ids}-device`}
                value={serial}
                disabled={busy}
                onChange={(e) => {
                  setDevice(e.target.value);
                  setConfirmed(false);
                }}
                data-testid="offgraph-device"
              >
                {ready.length === 0 && <option value="">no phone attached</option>}
                {ready.map((d) => (
                  <option key={d.serial} value={d.serial}>
                    {d.serial}
                    {d.model ? ` (${d.model})` : ''}
                  </option>
                ))}
              </select>
              <label className="inline">
                <input
                  type="checkbox"
                  checked={confirmed}
                  onChange={(e) => setConfirmed(e.target.checked)}
                  data-testid="offgraph-confirm"
                />{' '}
                {serial || 'the phone'} is a test phone: the agent’s action is played on it for real
              </label>
              <button
                type="button"
                disabled={busy || !serial || !confirmed}
                onClick={() => void replay(o, serial)}
                data-testid="offgraph-replay"
              >
                {busy ? 'Replaying…' : 'Replay up to here and apply the action'}
              </button>
            </fieldset>
          )}
          <fieldset className="offgraph-wrong">
            <legend>Or mark it wrong here</legend>
            <label htmlFor={`${ids}-note`}>Why (optional)</label>
            <input id={`${ids}-note`} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} data-testid="offgraph-note" />
            <button
              type="button"
              disabled={busy || group.decision?.kind === 'wrong'}
              onClick={() => void markWrong(o, note)}
              data-testid="offgraph-wrong"
            >
              Mark wrong
            </button>
          </fieldset>
        </div>
      </div>
    </section>
  );
}
