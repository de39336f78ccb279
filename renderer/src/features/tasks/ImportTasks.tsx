import { useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';

/**
 * Import a task set from a file the user picks (.json task set, .jsonl or .csv): the same validation
 * as `elderbench tasks import`, all tasks or none, and every invalid field listed when it is refused.
 */
export function ImportTasks() {
  const s = useAppStore(useShallow((st) => ({ outcome: st.taskImport, busy: st.taskImporting, importTasks: st.importTasks })));
  const [file, setFile] = useState<File | null>(null);
  const [setName, setSetName] = useState('');
  const [replace, setReplace] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const o = s.outcome;
  return (
    <section className="card import-tasks" aria-labelledby={`${ids}-title`} data-testid="import-tasks">
      <h2 id={`${ids}-title`}>Import a task set</h2>
      <form
        className="import-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          void file
            .text()
            .then((content) =>
              s.importTasks({ fileName: file.name, content, replace, ...(setName.trim() ? { taskSet: setName.trim() } : {}) }),
            );
        }}
      >
        <label>
          Task file (.json, .jsonl or .csv)
          <input
            ref={input}
            type="file"
            accept=".json,.jsonl,.csv,application/json,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="import-file"
          />
        </label>
        <label>
          Set name (optional)
          <input value={setName} onChange={(e) => setSetName(e.target.value)} placeholder="the file's own name" data-testid="import-set" />
        </label>
        <label className="radio">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} data-testid="import-replace" />
          Replace tasks with the same id
        </label>
        <button type="submit" disabled={!file || s.busy} data-testid="import-start">
          {s.busy ? 'Importing…' : 'Import'}
        </button>
      </form>
      {o?.ok && (
        <p role="status" data-testid="import-report">
          Imported {o.report.imported} task{o.report.imported === 1 ? '' : 's'} into “{o.report.taskSet}”
          {o.report.replaced ? `, replaced ${o.report.replaced}` : ''}.
          {o.report.warnings.length > 0 && ` Warnings: ${o.report.warnings.join('; ')}`}
        </p>
      )}
      {o && !o.ok && (
        <div role="alert" className="import-errors" data-testid="import-errors">
          <p>
            Nothing was imported from {o.fileName}: {o.message}
          </p>
          {o.issues.length > 0 && (
            <ul>
              {o.issues.map((i, k) => (
                <li key={k}>
                  {i.path && <code>{i.path}</code>} {i.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
