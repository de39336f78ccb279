import { useEffect, useState } from 'react';
import type { VerbAnnotationRow } from '../../../../shared/domain/analysis.js';
import { api } from '../../platform/api.js';

const SOURCE_LABEL: Record<VerbAnnotationRow['source'], string> = {
  checked: 'checked by a person',
  'task-file': 'from the task file',
  pos: 'POS fallback (not annotated)',
};

const splitVerbs = (s: string): string[] => s.split(/[,，、\s]+/).map((v) => v.trim()).filter(Boolean);

/**
 * The person's step of the paper's verb measure: `elderbench analyze annotate` proposes each
 * instruction's core operational verbs; here a person accepts or edits them. Only checked (or
 * task-file) verbs count for Table 5 and attribution; the rest falls back to POS counts.
 */
export function VerbAnnotations({ taskSet, notify }: { taskSet: string; notify(text: string, kind?: 'info' | 'error'): void }) {
  const [rows, setRows] = useState<VerbAnnotationRow[] | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});

  useEffect(() => {
    let live = true;
    api.analysis.verbs(taskSet ? { taskSet } : {}).then(
      (r) => {
        if (!live) return;
        setRows(r);
        setDraft(Object.fromEntries(r.map((x) => [x.taskId, (x.accepted ?? x.proposed ?? x.taskFileVerbs ?? []).join(', ')])));
      },
      (e: Error) => notify(`Could not load verb annotations: ${e.message}`, 'error'),
    );
    return () => {
      live = false;
    };
  }, [taskSet, notify]);

  const accept = async (taskId: string): Promise<void> => {
    try {
      const row = await api.analysis.acceptVerbs({ taskId, verbs: splitVerbs(draft[taskId] ?? '') });
      setRows((rs) => rs?.map((r) => (r.taskId === taskId ? row : r)) ?? null);
      notify(`Verbs of ${taskId} ${row.status === 'edited' ? 'edited' : 'accepted'}`);
    } catch (e) {
      notify(`Could not save: ${(e as Error).message}`, 'error');
    }
  };

  if (!rows) return <p className="muted">Loading…</p>;
  const checked = rows.filter((r) => r.source !== 'pos').length;
  return (
    <div data-testid="verb-annotations">
      <p>
        {checked} of {rows.length} instructions have annotated verbs.{' '}
        {checked === rows.length ? 'Table 5 and attribution use them.' : 'Until every instruction of a set has them, its verb numbers are POS counts, labelled as the fallback.'}
      </p>
      <p className="muted">
        Count one verb per operation: keep a resultative complement (打开, 调大), drop 一下 / 个 and the object (调一下 → 调, 打个视频 → 打);
        modals (能, 会, 要, 想, 可以), a helping 帮 and verbs of the user&apos;s state (看不清) are not operational verbs.
      </p>
      <table className="data">
        <caption>Core operational verbs: the model proposes, a person decides</caption>
        <thead>
          <tr>
            <th scope="col">Task</th><th scope="col">Instruction</th><th scope="col">Proposed</th>
            <th scope="col">Verbs (comma-separated)</th><th scope="col">Counts as</th><th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.taskId} data-testid={`verbs-${r.taskId}`}>
              <td>{r.taskId}</td>
              <td>{r.instruction}</td>
              <td>{r.proposed ? r.proposed.join(', ') || '(none)' : '—'}</td>
              <td>
                <input
                  aria-label={`Verbs of ${r.taskId}`}
                  value={draft[r.taskId] ?? ''}
                  onChange={(e) => setDraft((d) => ({ ...d, [r.taskId]: e.target.value }))}
                />
              </td>
              <td>{SOURCE_LABEL[r.source]}{r.status === 'edited' ? ' (edited)' : ''}</td>
              <td>
                <button type="button" onClick={() => void accept(r.taskId)} data-testid={`verbs-accept-${r.taskId}`}>
                  {r.accepted ? 'Save' : 'Accept'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
