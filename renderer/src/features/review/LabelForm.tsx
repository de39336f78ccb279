import { useState } from 'react';
import type { LabelDto, ReviewTaskRow } from '../../../../shared/domain/review.js';
import { FAILURE_CATEGORIES } from '../../../../shared/domain/review.js';

const OTHER = '__other__';
const known = new Set<string>(FAILURE_CATEGORIES);

/** A reviewer's label for one result; keyed by the result so switching tasks starts from its saved label. */
export function LabelForm({ row, saving, onSave }: { row: ReviewTaskRow; saving: boolean; onSave(l: LabelDto): void }) {
  const saved = row.label;
  const savedCategory = saved?.failureCategory ?? '';
  const [category, setCategory] = useState(savedCategory === '' || known.has(savedCategory) ? savedCategory : OTHER);
  const [custom, setCustom] = useState(known.has(savedCategory) ? '' : savedCategory);
  const [verdict, setVerdict] = useState<'' | 'success' | 'failure'>(saved?.humanVerdict ?? '');
  const [notes, setNotes] = useState(saved?.notes ?? '');
  const automatic =
    row.mode === 'online'
      ? row.judgePass === null
        ? 'no verdict'
        : row.judgePass
          ? 'success'
          : 'failure'
      : row.success
        ? 'success'
        : 'failure';

  return (
    <form
      className="card review-label"
      aria-labelledby="label-title"
      data-testid="label-form"
      onSubmit={(e) => {
        e.preventDefault();
        const failureCategory = category === OTHER ? custom.trim() || null : category || null;
        onSave({ failureCategory, humanVerdict: verdict || null, notes });
      }}
    >
      <h3 id="label-title">Your label</h3>
      <label>
        Failure category
        <select data-testid="label-category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">None</option>
          {FAILURE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          <option value={OTHER}>Other (type it)…</option>
        </select>
      </label>
      {category === OTHER && (
        <label>
          Custom category
          <input data-testid="label-custom" value={custom} maxLength={100} onChange={(e) => setCustom(e.target.value)} />
        </label>
      )}
      <fieldset>
        <legend>Your verdict (the automatic one says: {automatic})</legend>
        {(
          [
            ['', 'Keep the automatic verdict'],
            ['success', 'Success'],
            ['failure', 'Failure'],
          ] as const
        ).map(([v, text]) => (
          <label key={v} className="inline">
            <input
              type="radio"
              name="human-verdict"
              value={v}
              checked={verdict === v}
              onChange={() => setVerdict(v)}
              data-testid={`verdict-${v || 'none'}`}
            />
            {text}
          </label>
        ))}
      </fieldset>
      <label>
        Notes
        <textarea data-testid="label-notes" rows={2} value={notes} maxLength={10_000} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <button type="submit" disabled={saving} data-testid="label-save">
        {saving ? 'Saving…' : 'Save label'}
      </button>
    </form>
  );
}
