import type { DemonstrationView } from '../../../../shared/domain/recording.js';
import type { TaskSummary } from '../../../../shared/schemas/task.js';
import { Kbd } from '../../components/Kbd.js';
import { DeviceList } from '../devices/DeviceList.js';
import { shortcutOf } from './shortcuts.js';
import { ShortcutHelp } from './ShortcutHelp.js';
import { StepList } from './StepList.js';
import { TaskPicker } from './TaskPicker.js';
import { counted } from '../../components/plural.js';

export interface RecordSetupProps {
  tasks: TaskSummary[];
  perTask: Record<string, number>;
  queue: string[];
  serial: string | null;
  busy: boolean;
  /** Record from the phone in hand instead of from the mirror. */
  fromDevice: boolean;
  setFromDevice(on: boolean): void;
  last: DemonstrationView | null;
  next: string | null;
  help: boolean;
  onToggle(id: string): void;
  onSet(ids: string[]): void;
  start(): void;
  recordNext(): void;
  recordAgain(): void;
  toggleHelp(): void;
}

/** Between demonstrations: what was just recorded, what comes next, and the tasks and phone to record on. */
export function RecordSetup(p: RecordSetupProps) {
  const first = p.queue[0];
  const k = shortcutOf;
  return (
    <div className="record-setup">
      <h1 id="page-title">Record a demonstration</h1>
      {p.last && (
        <section className="card last-demo" aria-labelledby="last-title" data-testid="record-last-card">
          <h2 id="last-title">
            Demonstration {p.last.id} of <code>{p.last.taskId}</code>
          </h2>
          <p data-testid="record-last">
            Last demonstration {p.last.id}: {p.last.status}, {counted(p.last.steps.length, 'step')}.
          </p>
          <div className="button-row">
            {p.next && (
              <button type="button" onClick={p.recordNext} disabled={p.busy} data-testid="record-next" aria-keyshortcuts={k('next').aria}>
                Record the next task: {p.next} <Kbd>{k('next').label}</Kbd>
              </button>
            )}
            <button
              type="button"
              className={p.next ? 'secondary' : ''}
              onClick={p.recordAgain}
              disabled={p.busy}
              data-testid="record-again"
              aria-keyshortcuts={k('again').aria}
            >
              Record {p.last.taskId} again <Kbd>{k('again').label}</Kbd>
            </button>
          </div>
          {!p.next && p.queue.length > 0 && <p className="muted">That was the last chosen task.</p>}
          {p.last.steps.length > 0 && (
            <details>
              <summary>Its steps</summary>
              <StepList steps={p.last.steps} />
            </details>
          )}
        </section>
      )}
      <div className="setup-grid">
        <TaskPicker tasks={p.tasks} perTask={p.perTask} queue={p.queue} onToggle={p.onToggle} onSet={p.onSet} />
        <div className="setup-side">
          <DeviceList />
          <label className="radio" title="The annotator does the task on the phone itself; each tap, hold, swipe and key becomes a step">
            <input
              type="checkbox"
              checked={p.fromDevice}
              onChange={(e) => p.setFromDevice(e.target.checked)}
              data-testid="record-from-device"
            />
            Record from the phone in hand
          </label>
          <button
            type="button"
            className="start-button"
            data-testid="record-start"
            disabled={!first || !p.serial || p.busy}
            onClick={p.start}
            aria-keyshortcuts={k('start').aria}
          >
            {first ? <>Start recording {first}</> : 'Choose a task to record'} <Kbd>{k('start').label}</Kbd>
          </button>
          <ShortcutHelp open={p.help} onToggle={p.toggleHelp} />
        </div>
      </div>
    </div>
  );
}
