import { useState } from 'react';
import type { ReviewTaskRow } from '../../../../shared/domain/review.js';
import type { ReviewFilters } from '../../store/slices/review-filters.js';
import { LABELLED, NO_FILTERS, optionsOf, UNLABELLED } from '../../store/slices/review-filters.js';

/** The filters a reviewer changes all the time, always in the line… */
const MAIN = [
  ['agent', 'Agent'],
  ['mode', 'Mode'],
] as const;
/** …and the rest, one click away. */
const MORE = [
  ['exit', 'Exit'],
  ['app', 'App'],
  ['semantic', 'Semantic category'],
  ['syntactic', 'Syntactic category'],
  ['scenario', 'Scenario'],
] as const;

type Key = (typeof MAIN)[number][0] | (typeof MORE)[number][0];

function ColumnFilter({
  rows,
  filters,
  onChange,
  k,
  label,
}: {
  rows: ReviewTaskRow[];
  filters: ReviewFilters;
  onChange(f: ReviewFilters): void;
  k: Key;
  label: string;
}) {
  return (
    <label>
      {label}
      <select data-testid={`filter-${k}`} value={filters[k]} onChange={(e) => onChange({ ...filters, [k]: e.target.value })}>
        <option value="">Any</option>
        {optionsOf(rows, k).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The task list's filters in one line (result, agent, mode, label), the others folded under "More filters". */
export function FilterBar({
  rows,
  filters,
  onChange,
}: {
  rows: ReviewTaskRow[];
  filters: ReviewFilters;
  onChange(f: ReviewFilters): void;
}) {
  const [more, setMore] = useState(false);
  const categories = [...new Set(rows.map((r) => r.label?.failureCategory).filter((c): c is string => !!c))].sort();
  const moreSet = MORE.filter(([k]) => filters[k] !== '').length;
  const anySet = Object.values(filters).some((v) => v !== '');
  return (
    <fieldset className="review-filters" data-testid="review-filters">
      <legend className="sr-only">Filter the results</legend>
      <div className="filter-line">
        <label>
          Result
          <select
            data-testid="filter-success"
            value={filters.success}
            onChange={(e) => onChange({ ...filters, success: e.target.value as ReviewFilters['success'] })}
          >
            <option value="">Any</option>
            <option value="success">Succeeded</option>
            <option value="failure">Failed</option>
            <option value="unresolved">Unresolved (infrastructure)</option>
            <option value="invalid">Invalid (not in N)</option>
          </select>
        </label>
        {MAIN.map(([k, label]) => (
          <ColumnFilter key={k} rows={rows} filters={filters} onChange={onChange} k={k} label={label} />
        ))}
        <label>
          Label
          <select data-testid="filter-label" value={filters.label} onChange={(e) => onChange({ ...filters, label: e.target.value })}>
            <option value="">Any</option>
            <option value={UNLABELLED}>Not labelled</option>
            <option value={LABELLED}>Labelled</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" aria-expanded={more} onClick={() => setMore(!more)} data-testid="filters-more">
          More filters{moreSet > 0 ? ` (${moreSet} set)` : ''}
        </button>
        <button type="button" className="secondary" onClick={() => onChange(NO_FILTERS)} disabled={!anySet}>
          Clear filters
        </button>
      </div>
      {more && (
        <div className="filter-line" data-testid="filters-more-line">
          {MORE.map(([k, label]) => (
            <ColumnFilter key={k} rows={rows} filters={filters} onChange={onChange} k={k} label={label} />
          ))}
        </div>
      )}
    </fieldset>
  );
}
