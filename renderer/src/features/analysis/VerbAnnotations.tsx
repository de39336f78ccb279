import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { VerbAnnotationRow } from '../../../../shared/domain/analysis.js';
import { useAppStore } from '../../store/app-store.js';

const SOURCE_LABEL: Record<VerbAnnotationRow['source'], string> = {
  checked: 'checked by a person',
  'task-file': 'from the task file',
  pos: 'POS fallback (not annotated)',
};

const splitVerbs = (s: string): string[] =>
  s
    .split(/[,，、\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The person's step of the paper's verb measure: `elderbench analyze annotate` proposes each
 * instruction's core operational verbs; here a person accepts or edits them. Only checked (or
 * task-file) verbs count for Table 5 and attribution; the rest falls back to POS counts.
 */
export function VerbAnnotations({ taskSet }: { taskSet: string }) {
  const { loaded, loadVerbs, acceptVerbs, workspace } = useAppStore(
    useShallow((s) => ({ loaded: s.verbRows, loadVerbs: s.loadVerbs, acceptVerbs: s.acceptVerbs, workspace: s.workspace?.path })),
  );
  const rows: VerbAnnotationRow[] | null = loaded?.taskSet === taskSet ? loaded.rows : null;
  const [draft, setDraft] = useState<Record<string, string>>({});

  useEffect(() => {
    void loadVerbs(taskSet);
  }, [taskSet, loadVerbs, workspace]);
  // Each loaded set starts its text boxes from the verbs that count; saving one row keeps the others' edits.
  const ready = rows !== null;
  useEffect(() => {
    if (rows) setDraft(Object.fromEntries(rows.map((x) => [x.taskId, (x.accepted ?? x.proposed ?? x.taskFileVerbs ?? []).join(', ')])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskSet, ready]);

  const accept = (taskId: string): Promise<void> => acceptVerbs(taskId, splitVerbs(draft[taskId] ?? ''));

  if (!rows) return <p className="muted">Loading…</p>;
  const checked = rows.filter((r) => r.source !== 'pos').length;
  return (
    <div data-testid="verb-annotations">
      <p>
        {checked} of {rows.length} instructions have annotated verbs.{' '}
        {checked === rows.length
          ? 'Table 5 and attribution use them.'
          : 'Until every instruction of a set has them, its verb numbers are POS counts, labelled as the fallback.'}
      </p>
      <p className="muted">
        Count one verb per operation: keep a resultative complement (打开, 调大), drop 一下 / 个 and the object (调一下 → 调, 打个视频 →
        打); modals (能, 会, 要, 想, 可以), a helping 帮 and verbs of the user&apos;s state (看不清) are not operational verbs.
      </p>
      <table className="data">
        <caption>Core operational verbs: the model proposes, a person decides</caption>
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Instruction</th>
            <th scope="col">Proposed</th>
            <th scope="col">Verbs (comma-separated)</th>
            <th scope="col">Counts as</th>
            <th scope="col">Decision</th>
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
              <td>
                {SOURCE_LABEL[r.source]}
                {r.status === 'edited' ? ' (edited)' : ''}
              </td>
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
