import { useId, useState } from 'react';
import type { GoalCondition, GraphNode, TaskGraph } from '../../../../shared/domain/task-graph.js';
import type { GoalConditionInput } from '../../../../shared/schemas/graph-edit.js';
import { describeContentKey } from '../../../../shared/domain/content-key-label.js';

interface Props {
  graph: TaskGraph;
  node: GraphNode;
  busy: boolean;
  onSave(conditions: GoalConditionInput[]): void;
}

type Draft = Omit<GoalCondition, 'id'>;
const KINDS: { value: GoalCondition['kind']; label: string }[] = [
  { value: 'typed', label: 'typed into' },
  { value: 'chosen', label: 'chosen in' },
  { value: 'value', label: 'shows the value' },
  { value: 'shown', label: 'screen shows' },
  { value: 'pressed', label: 'key pressed at least (times)' },
];
const MATCHES: { value: GoalCondition['match']; label: string }[] = [
  { value: 'exact', label: 'exactly' },
  { value: 'fuzzy', label: 'about (similar text)' },
  { value: 'regex', label: 'pattern (regex)' },
];
/** The short name a condition on a key carries (its label): the key's "which", as words. */
const keyLabel = (k: string): string => describeContentKey(k).replace(/^the [^“]*“(.*)”.*$/, '$1');
/** Terms as a person types them: comma-separated (either comma), blanks dropped. */
const termsOf = (s: string): string[] | undefined => {
  const t = s
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean);
  return t.length > 0 ? t : undefined;
};

/**
 * A DONE node's goal conditions (essential states): what a path must have typed or chosen for Finish here
 * to count. Derived ones come from the demonstrations; an annotator removes, changes or adds them, and
 * saving makes a new graph version.
 */
export function GoalPanel({ graph, node, busy, onSave }: Props) {
  const [rows, setRows] = useState<Draft[]>(() => (node.goal ?? []).map(({ id: _id, ...c }) => c));
  const [adding, setAdding] = useState<Draft>({
    kind: 'typed',
    key: graph.contentKeys?.[0] ?? '',
    label: '',
    expected: '',
    match: 'exact',
    source: 'annotator',
  });
  const ids = useId();
  // A condition a person changed is theirs: it no longer says it was derived from the demonstrations.
  const update = (i: number, patch: Partial<Draft>): void =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch, source: 'annotator' } : r)));
  const keys = graph.contentKeys ?? [];
  const canAdd = adding.expected.trim() !== '' && (adding.kind === 'shown' || adding.key !== '');
  return (
    <section className="card goal-panel" aria-labelledby={`${ids}-title`} data-testid="goal-panel">
      <h2 id={`${ids}-title`}>Goal conditions of {node.id}</h2>
      <p>
        Finish on this node counts only when the path meets every condition.{' '}
        {rows.length === 0 && 'None: reaching the node by a goal action is enough.'}
      </p>
      <ul className="plain">
        {rows.map((c, i) => (
          <li key={i} className="goal-row">
            <span title={c.key ? describeContentKey(c.key) : undefined}>
              {c.kind === 'shown' ? 'screen shows' : `${c.kind} in ${c.key ? describeContentKey(c.key) : c.label}`}{' '}
            </span>
            <label className="sr-only" htmlFor={`${ids}-m${i}`}>
              How to compare condition {i + 1}
            </label>
            <select
              id={`${ids}-m${i}`}
              value={c.match}
              disabled={busy}
              onChange={(e) => update(i, { match: e.target.value as Draft['match'] })}
            >
              {MATCHES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>{' '}
            <label className="sr-only" htmlFor={`${ids}-e${i}`}>
              Expected value of condition {i + 1}
            </label>
            <input id={`${ids}-e${i}`} value={c.expected} disabled={busy} onChange={(e) => update(i, { expected: e.target.value })} />{' '}
            {c.kind === 'typed' && <TermInputs id={`${ids}-t${i}`} n={i + 1} row={c} busy={busy} onChange={(p) => update(i, p)} />}
            <span className="muted" data-testid="goal-source">
              ({c.source === 'derived' ? 'derived from the demonstrations' : 'yours'})
            </span>{' '}
            <button type="button" className="link" disabled={busy} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <fieldset>
        <legend>Add a condition</legend>
        <label htmlFor={`${ids}-kind`}>What</label>{' '}
        <select
          id={`${ids}-kind`}
          value={adding.kind}
          disabled={busy}
          onChange={(e) => setAdding({ ...adding, kind: e.target.value as Draft['kind'] })}
        >
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>{' '}
        {adding.kind !== 'shown' && (
          <>
            <label htmlFor={`${ids}-key`}>Where</label>{' '}
            <select
              id={`${ids}-key`}
              value={adding.key}
              disabled={busy || keys.length === 0}
              onChange={(e) => setAdding({ ...adding, key: e.target.value })}
            >
              {keys.length === 0 && <option value="">no content on this graph's pages</option>}
              {keys.map((k) => (
                <option key={k} value={k}>
                  {describeContentKey(k)}
                </option>
              ))}
            </select>{' '}
          </>
        )}
        <label htmlFor={`${ids}-match`}>Compare</label>{' '}
        <select
          id={`${ids}-match`}
          value={adding.match}
          disabled={busy}
          onChange={(e) => setAdding({ ...adding, match: e.target.value as Draft['match'] })}
        >
          {MATCHES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>{' '}
        <label htmlFor={`${ids}-expected`}>Value</label>{' '}
        <input
          id={`${ids}-expected`}
          value={adding.expected}
          disabled={busy}
          onChange={(e) => setAdding({ ...adding, expected: e.target.value })}
          data-testid="goal-expected"
        />{' '}
        {adding.kind === 'typed' && (
          <TermInputs id={`${ids}-tn`} n={rows.length + 1} row={adding} busy={busy} onChange={(p) => setAdding({ ...adding, ...p })} />
        )}{' '}
        <button
          type="button"
          disabled={busy || !canAdd}
          onClick={() => {
            const label = adding.kind === 'shown' ? adding.expected : keyLabel(adding.key);
            setRows([...rows, { ...adding, key: adding.kind === 'shown' ? '' : adding.key, label }]);
            setAdding({ ...adding, expected: '' });
          }}
        >
          Add
        </button>
      </fieldset>
      <button type="button" disabled={busy} onClick={() => onSave(rows)} data-testid="goal-save">
        Save as a new version
      </button>
    </section>
  );
}

/**
 * A typed condition's key terms: what the text must contain and must not contain (a corrected-away day). With
 * terms to contain, they decide; the expected text is an example.
 */
function TermInputs({
  id,
  n,
  row,
  busy,
  onChange,
}: {
  id: string;
  n: number;
  row: Draft;
  busy: boolean;
  onChange(p: Partial<Draft>): void;
}) {
  const [must, setMust] = useState((row.required ?? []).join(', '));
  const [mustNot, setMustNot] = useState((row.forbidden ?? []).join(', '));
  return (
    <>
      <label htmlFor={`${id}-r`}>
        Must contain<span className="sr-only"> (condition {n}, comma-separated)</span>
      </label>{' '}
      <input
        id={`${id}-r`}
        value={must}
        size={12}
        disabled={busy}
        data-testid="goal-required"
        onChange={(e) => {
          setMust(e.target.value);
          onChange({ required: termsOf(e.target.value) });
        }}
      />{' '}
      <label htmlFor={`${id}-f`}>
        must not<span className="sr-only"> (condition {n})</span>
      </label>{' '}
      <input
        id={`${id}-f`}
        value={mustNot}
        size={8}
        disabled={busy}
        data-testid="goal-forbidden"
        onChange={(e) => {
          setMustNot(e.target.value);
          onChange({ forbidden: termsOf(e.target.value) });
        }}
      />{' '}
    </>
  );
}
