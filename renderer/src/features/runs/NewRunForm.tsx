import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { TaskText } from '../../components/TaskText.js';
import { useAppStore } from '../../store/app-store.js';
import type { StartRunInput } from '../../store/slices/runs-slice.js';

type Mode = StartRunInput['mode'];
type Judge = NonNullable<StartRunInput['judge']>;
type User = NonNullable<StartRunInput['user']>;
type Variant = NonNullable<StartRunInput['variant']> | '';

const VARIANTS: { id: Variant; label: string }[] = [
  { id: '', label: 'None (the phone as it is)' },
  { id: 'font-large', label: 'Large font' },
  { id: 'display-large', label: 'Large display size' },
  { id: 'high-contrast', label: 'High-contrast text' },
  { id: 'dark', label: 'Dark theme' },
];

/** Pick tasks (filters), agents, mode, devices, judge, who answers questions and a variant; start a run in the backend. */
export function NewRunForm() {
  const s = useAppStore(
    useShallow((st) => ({
      tasks: st.tasks,
      devices: st.devices,
      agents: st.runAgents,
      busy: st.runStarting,
      loadDevices: st.loadDevices,
      loadAgents: st.loadRunAgents,
      approve: st.approveAgent,
      start: st.startRun,
    })),
  );
  const { loadDevices, loadAgents } = s;
  const [chosenAgents, setChosenAgents] = useState<string[]>(['replay']);
  const [mode, setMode] = useState<Mode>('both');
  const [filter, setFilter] = useState('');
  const [chosenTasks, setChosenTasks] = useState<Set<string>>(new Set());
  const [chosenDevices, setChosenDevices] = useState<string[]>([]);
  const [judge, setJudge] = useState<Judge>('rule');
  const [user, setUser] = useState<User>('none');
  const [userAgent, setUserAgent] = useState('');
  const [variant, setVariant] = useState<Variant>('');
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    void loadAgents();
    void loadDevices();
  }, [loadAgents, loadDevices]);

  const visible = useMemo(
    () =>
      s.tasks.filter(
        (t) =>
          (mode === 'both' || t.mode === mode) &&
          (!filter || `${t.id} ${t.instruction} ${t.translation ?? ''} ${t.app}`.toLowerCase().includes(filter.toLowerCase())),
      ),
    [s.tasks, mode, filter],
  );
  // Any ready agent entry may play the older adult; the backend says when one cannot (no model endpoint).
  const simulators = s.agents.filter((a) => a.ready && a.adapter !== 'replay');
  const toggle = <T,>(list: T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const needsSimulator = user === 'simulated' && !userAgent;

  const start = (): void => {
    void s.start({
      mode,
      agents: chosenAgents,
      taskIds: [...chosenTasks].filter((id) => visible.some((t) => t.id === id)),
      devices: chosenDevices,
      judge,
      user,
      ...(user === 'simulated' && userAgent ? { userAgent } : {}),
      ...(variant ? { variant } : {}),
    });
  };

  return (
    <section className="card new-run" aria-labelledby="new-run-title">
      <h2 id="new-run-title">New run</h2>
      <div className="new-run-body">
        <div className="filters">
          <label>
            Mode
            <select value={mode} onChange={(e) => setMode(e.target.value as Mode)} data-testid="run-mode">
              <option value="both">Both (each task in its own mode)</option>
              <option value="offline">Offline (task graphs)</option>
              <option value="online">Online (live devices)</option>
            </select>
          </label>
          <label>
            Judge (online)
            <select value={judge} onChange={(e) => setJudge(e.target.value as Judge)} data-testid="run-judge">
              <option value="rule">Rule checks</option>
              <option value="vlm">VLM judge</option>
              <option value="both">Rule checks and VLM (agreement)</option>
              <option value="state">Graph goal conditions (state)</option>
              <option value="rule+state">Rule checks and state (agreement)</option>
            </select>
          </label>
          <label>
            Who answers the agent&apos;s questions
            <select value={user} onChange={(e) => setUser(e.target.value as User)} data-testid="run-user">
              <option value="none">Nobody (a question ends the task)</option>
              <option value="scripted">The task&apos;s scripted answers</option>
              <option value="simulated">A simulated older adult (a model)</option>
            </select>
          </label>
          {user === 'simulated' && (
            <label>
              Simulator agent
              <select
                value={userAgent}
                onChange={(e) => setUserAgent(e.target.value)}
                data-testid="run-user-agent"
                aria-invalid={needsSimulator}
              >
                <option value="">Choose the agent that plays the user…</option>
                {simulators.map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            Robustness variant (online)
            <select value={variant} onChange={(e) => setVariant(e.target.value as Variant)} data-testid="run-variant">
              {VARIANTS.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset>
          <legend>Agents</legend>
          {s.agents.map((a) => (
            <label key={a.name} className={`radio agent-choice${a.ready ? '' : ' not-ready'}`} title={a.description}>
              <input
                type="checkbox"
                checked={chosenAgents.includes(a.name)}
                disabled={!a.ready}
                onChange={() => setChosenAgents(toggle(chosenAgents, a.name))}
                data-testid={`agent-${a.name}`}
                {...(a.problem ? { 'aria-describedby': `agent-problem-${a.name}` } : {})}
              />
              {a.name}
              {!a.ready && a.problem && (
                <span className="agent-problem" id={`agent-problem-${a.name}`} data-testid={`agent-problem-${a.name}`}>
                  — not ready: {a.problem}
                </span>
              )}
              {a.approval && confirming !== a.name && (
                <button type="button" onClick={() => setConfirming(a.name)} data-testid={`approve-${a.name}`}>
                  Approve…
                </button>
              )}
              {a.approval && confirming === a.name && (
                <span role="alert">
                  {` Send the value of ${a.approval.variable} to ${a.approval.origin}? This entry comes from the workspace's agents.json. `}
                  <button
                    type="button"
                    onClick={() => void s.approve(a.name).finally(() => setConfirming(null))}
                    data-testid={`approve-yes-${a.name}`}
                  >
                    Yes, approve
                  </button>
                  <button type="button" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </span>
              )}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Devices for online tasks (none chosen = all attached)</legend>
          {(s.devices?.devices ?? []).map((d) => (
            <label key={d.serial} className="radio">
              <input
                type="checkbox"
                checked={chosenDevices.includes(d.serial)}
                onChange={() => setChosenDevices(toggle(chosenDevices, d.serial))}
              />
              {d.serial}
            </label>
          ))}
          {!s.devices?.reachable && <span className="muted">No adb server: online tasks cannot run.</span>}
        </fieldset>
        <label htmlFor="task-filter">Tasks ({chosenTasks.size} chosen)</label>
        <div className="row">
          <input
            id="task-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Filter by id, instruction or app"
          />
          <button
            type="button"
            onClick={() => setChosenTasks(new Set([...chosenTasks, ...visible.map((t) => t.id)]))}
            data-testid="select-visible"
          >
            Select shown
          </button>
          <button type="button" onClick={() => setChosenTasks(new Set())}>
            Clear
          </button>
        </div>
        <ul className="plain task-picker">
          {visible.map((t) => (
            <li key={t.id}>
              <label className="radio">
                <input
                  type="checkbox"
                  checked={chosenTasks.has(t.id)}
                  onChange={() => setChosenTasks(new Set(toggle([...chosenTasks], t.id)))}
                />
                <code>{t.id}</code> <TaskText task={t} /> ({t.mode})
              </label>
            </li>
          ))}
        </ul>
      </div>
      <div className="new-run-foot">
        {needsSimulator && (
          <p className="muted" data-testid="run-needs-simulator">
            Choose the simulator agent to start a run with a simulated older adult.
          </p>
        )}
        <button
          type="button"
          disabled={s.busy || chosenAgents.length === 0 || chosenTasks.size === 0 || needsSimulator}
          onClick={start}
          data-testid="run-start"
        >
          Start run
          {chosenTasks.size > 0
            ? ` (${chosenTasks.size} task${chosenTasks.size === 1 ? '' : 's'}, ${chosenAgents.length} agent${chosenAgents.length === 1 ? '' : 's'})`
            : ''}
        </button>
      </div>
    </section>
  );
}
