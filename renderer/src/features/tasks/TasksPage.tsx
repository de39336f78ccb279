import { useShallow } from 'zustand/react/shallow';
import type { TaskFilter } from '../../../../shared/api/index.js';
import { SEMANTIC_CATEGORIES } from '../../../../shared/schemas/task.js';
import { ScrollX } from '../../components/ScrollX.js';
import { TaskText } from '../../components/TaskText.js';
import { ImportTasks } from './ImportTasks.js';
import { useAppStore } from '../../store/app-store.js';

export function TasksPage() {
  const { tasks, filter, load, workspace } = useAppStore(
    useShallow((s) => ({ tasks: s.tasks, filter: s.taskFilter, load: s.loadTasks, workspace: s.workspace })),
  );
  const change = (patch: Partial<TaskFilter>): void => {
    const next = { ...filter, ...patch };
    for (const k of Object.keys(next) as (keyof TaskFilter)[]) if (!next[k]) delete next[k];
    void load(next);
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Tasks</h1>
      <p className="lead">
        {workspace?.taskCount ?? 0} tasks in {workspace?.taskSets.length ?? 0} task sets.
      </p>
      <ImportTasks />
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search
          <input type="search" value={filter.text ?? ''} onChange={(e) => change({ text: e.target.value })} />
        </label>
        <label>
          Mode
          <select value={filter.mode ?? ''} onChange={(e) => change({ mode: (e.target.value || undefined) as TaskFilter['mode'] })}>
            <option value="">All</option>
            <option value="online">Online</option>
            <option value="offline">Offline</option>
          </select>
        </label>
        <label>
          Semantic category
          <select
            value={filter.semantic ?? ''}
            onChange={(e) => change({ semantic: (e.target.value || undefined) as TaskFilter['semantic'] })}
          >
            <option value="">All</option>
            {SEMANTIC_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </form>
      {tasks.length === 0 ? (
        <p data-testid="tasks-empty">No tasks match.</p>
      ) : (
        <ScrollX label="Tasks">
          <table className="data" data-testid="tasks-table">
            <caption className="sr-only">Tasks</caption>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Instruction</th>
                <th scope="col">App</th>
                <th scope="col">Mode</th>
                <th scope="col">Semantic</th>
                <th scope="col">Syntactic</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((t) => (
                <tr key={t.id}>
                  <td>
                    <code>{t.id}</code>
                  </td>
                  <td>
                    <TaskText task={t} />
                  </td>
                  <td>{t.app}</td>
                  <td>{t.mode}</td>
                  <td>{t.semantic}</td>
                  <td>{t.syntactic}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      )}
    </section>
  );
}
