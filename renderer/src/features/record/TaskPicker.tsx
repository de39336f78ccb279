import { useMemo, useState } from 'react';
import type { TaskSummary } from '../../../../shared/schemas/task.js';
import { TaskText } from '../../components/TaskText.js';
import { demoNeed, demoNeedText } from './demo-need.js';

type Show = 'all' | 'needed' | 'online' | 'offline';

/**
 * The tasks to record, chosen in order (the queue "record the next task" walks), each with
 * how many finished demonstrations it has: offline tasks need two paths for their graph.
 */
export function TaskPicker({
  tasks,
  perTask,
  queue,
  onToggle,
  onSet,
}: {
  tasks: TaskSummary[];
  perTask: Record<string, number>;
  queue: string[];
  onToggle(id: string): void;
  onSet(ids: string[]): void;
}) {
  const [text, setText] = useState('');
  const [show, setShow] = useState<Show>('all');
  const visible = useMemo(() => {
    const q = text.trim().toLowerCase();
    return tasks.filter((t) => {
      if (q && !`${t.id} ${t.instruction} ${t.translation ?? ''} ${t.app}`.toLowerCase().includes(q)) return false;
      if (show === 'online' || show === 'offline') return t.mode === show;
      if (show === 'needed') return demoNeed(t.mode, perTask[t.id] ?? 0) !== 'enough';
      return true;
    });
  }, [tasks, perTask, text, show]);

  return (
    <fieldset className="record-picker" data-testid="task-picker">
      <legend>Tasks to record ({queue.length} chosen, recorded in the order chosen)</legend>
      <div className="row picker-filters">
        <label className="inline-field">
          Search
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid="picker-search" />
        </label>
        <label className="inline-field">
          Show
          <select value={show} onChange={(e) => setShow(e.target.value as Show)} data-testid="picker-show">
            <option value="all">All tasks</option>
            <option value="needed">Needing demonstrations</option>
            <option value="online">Online tasks</option>
            <option value="offline">Offline tasks</option>
          </select>
        </label>
        <button
          type="button"
          className="secondary"
          onClick={() => onSet([...queue, ...visible.map((t) => t.id)])}
          data-testid="picker-choose-shown"
        >
          Choose shown
        </button>
        <button type="button" className="secondary" onClick={() => onSet([])} disabled={queue.length === 0}>
          Clear
        </button>
      </div>
      <div className="picker-scroll" tabIndex={0} role="region" aria-label="Tasks">
        <table className="data picker-table">
          <caption className="sr-only">Tasks with their finished demonstrations</caption>
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Task</th>
              <th scope="col">Mode</th>
              <th scope="col">Demonstrations</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((t) => {
              const n = perTask[t.id] ?? 0;
              const need = demoNeed(t.mode, n);
              const at = queue.indexOf(t.id);
              return (
                <tr key={t.id} data-testid={`pick-${t.id}`}>
                  <td>
                    <label className="radio">
                      <input
                        type="checkbox"
                        checked={at >= 0}
                        onChange={() => onToggle(t.id)}
                        data-testid={`pick-check-${t.id}`}
                        aria-label={`Record ${t.id}`}
                      />
                      {at >= 0 && <span className="queue-pos">#{at + 1}</span>}
                    </label>
                  </td>
                  <td>
                    <code>{t.id}</code> <TaskText task={t} />
                  </td>
                  <td>{t.mode}</td>
                  <td className={`demo-count ${need}`} data-testid={`demo-count-${t.id}`} data-count={n}>
                    {demoNeedText(t.mode, n)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {visible.length === 0 && <p>No task matches.</p>}
      </div>
    </fieldset>
  );
}
