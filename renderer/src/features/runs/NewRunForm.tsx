import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { api } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';

type AgentInfo = Awaited<ReturnType<typeof api.runs.agents>>[number];

/** Pick tasks (filters), agents, mode, devices and judge; start a run in the backend. */
export function NewRunForm({ onStarted }: { onStarted(runId: string): void }) {
  const { tasks, devices, notify, loadDevices } = useAppStore(
    useShallow((s) => ({ tasks: s.tasks, devices: s.devices, notify: s.notify, loadDevices: s.loadDevices })),
  );
  const [agents, setAgents] = useState<AgentInfo[]>([]);
  const [chosenAgents, setChosenAgents] = useState<string[]>(['replay']);
  const [mode, setMode] = useState<'both' | 'offline' | 'online'>('both');
  const [filter, setFilter] = useState('');
  const [chosenTasks, setChosenTasks] = useState<Set<string>>(new Set());
  const [chosenDevices, setChosenDevices] = useState<string[]>([]);
  const [judge, setJudge] = useState<'rule' | 'vlm' | 'both' | 'state' | 'rule+state'>('rule');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    void api.runs.agents().then(setAgents);
    void loadDevices();
  }, [loadDevices]);

  const visible = useMemo(
    () => tasks.filter((t) => (mode === 'both' || t.mode === mode) && (!filter || `${t.id} ${t.instruction} ${t.app}`.toLowerCase().includes(filter.toLowerCase()))),
    [tasks, mode, filter],
  );
  // A workspace agents.json entry may send a key only after the user says yes, here or with `elderbench agent trust`.
  const approve = async (name: string): Promise<void> => {
    try {
      const r = await api.runs.approveAgent({ name });
      notify(`Approved: ${r.agent} may send ${r.variable} to ${r.host}`);
      setAgents(await api.runs.agents());
    } catch (e) {
      notify(`Could not approve: ${(e as Error).message}`, 'error');
    } finally {
      setConfirming(null);
    }
  };
  const toggle = <T,>(list: T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const start = async (): Promise<void> => {
    setBusy(true);
    try {
      const { runId } = await api.runs.start({ mode, agents: chosenAgents, taskIds: [...chosenTasks].filter((id) => visible.some((t) => t.id === id)), devices: chosenDevices, judge });
      notify(`Started ${runId}`);
      onStarted(runId);
    } catch (e) {
      notify(`Could not start: ${(e as Error).message}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="new-run-title">
      <h2 id="new-run-title">New run</h2>
      <div className="filters">
        <label>
          Mode
          <select value={mode} onChange={(e) => setMode(e.target.value as typeof mode)} data-testid="run-mode">
            <option value="both">Both (each task in its own mode)</option>
            <option value="offline">Offline (task graphs)</option>
            <option value="online">Online (live devices)</option>
          </select>
        </label>
        <label>
          Judge (online)
          <select value={judge} onChange={(e) => setJudge(e.target.value as typeof judge)}>
            <option value="rule">Rule checks</option>
            <option value="vlm">VLM judge</option>
            <option value="both">Rule checks and VLM (agreement)</option>
            <option value="state">Graph goal conditions (state)</option>
            <option value="rule+state">Rule checks and state (agreement)</option>
          </select>
        </label>
      </div>
      <fieldset>
        <legend>Agents</legend>
        {agents.map((a) => (
          <label key={a.name} className="radio" title={a.problem ? `Not ready: ${a.problem}` : a.description}>
            <input type="checkbox" checked={chosenAgents.includes(a.name)} disabled={!a.ready} onChange={() => setChosenAgents(toggle(chosenAgents, a.name))} data-testid={`agent-${a.name}`} />
            {a.name}
            {a.approval && confirming !== a.name && (
              <button type="button" onClick={() => setConfirming(a.name)} data-testid={`approve-${a.name}`}>Approve…</button>
            )}
            {a.approval && confirming === a.name && (
              <span role="alert">
                {` Send the value of ${a.approval.variable} to ${a.approval.host}? This entry comes from the workspace's agents.json. `}
                <button type="button" onClick={() => void approve(a.name)} data-testid={`approve-yes-${a.name}`}>Yes, approve</button>
                <button type="button" onClick={() => setConfirming(null)}>Cancel</button>
              </span>
            )}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Devices for online tasks (none chosen = all attached)</legend>
        {(devices?.devices ?? []).map((d) => (
          <label key={d.serial} className="radio">
            <input type="checkbox" checked={chosenDevices.includes(d.serial)} onChange={() => setChosenDevices(toggle(chosenDevices, d.serial))} />
            {d.serial}
          </label>
        ))}
        {!devices?.reachable && <span className="muted">No adb server: online tasks cannot run.</span>}
      </fieldset>
      <label htmlFor="task-filter">Tasks ({chosenTasks.size} chosen)</label>
      <div className="row">
        <input id="task-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filter by id, instruction or app" />
        <button type="button" onClick={() => setChosenTasks(new Set([...chosenTasks, ...visible.map((t) => t.id)]))} data-testid="select-visible">Select shown</button>
        <button type="button" onClick={() => setChosenTasks(new Set())}>Clear</button>
      </div>
      <ul className="plain task-picker">
        {visible.map((t) => (
          <li key={t.id}>
            <label className="radio">
              <input type="checkbox" checked={chosenTasks.has(t.id)} onChange={() => setChosenTasks(new Set(toggle([...chosenTasks], t.id)))} />
              <code>{t.id}</code> <span lang={t.lang}>{t.instruction}</span> ({t.mode})
            </label>
          </li>
        ))}
      </ul>
      <button type="button" disabled={busy || chosenAgents.length === 0 || chosenTasks.size === 0} onClick={() => void start()} data-testid="run-start">
        Start run
      </button>
    </section>
  );
}
