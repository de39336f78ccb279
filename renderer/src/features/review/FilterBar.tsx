import type { ReviewTaskRow } from '../../../../shared/domain/review.js';
import type { ReviewFilters } from '../../store/slices/review-filters.js';
import { LABELLED, NO_FILTERS, optionsOf, UNLABELLED } from '../../store/slices/review-filters.js';

const COLUMNS = [
  ['agent', 'Agent'],
  ['mode', 'Mode'],
  ['exit', 'Exit'],
  ['app', 'App'],
  ['semantic', 'Semantic category'],
  ['syntactic', 'Syntactic category'],
  ['scenario', 'Scenario'],
] as const;

export function FilterBar({
  rows,
  filters,
  onChange,
}: {
  rows: ReviewTaskRow[];
  filters: ReviewFilters;
  onChange(f: ReviewFilters): void;
}) {
  const categories = [...new Set(rows.map((r) => r.label?.failureCategory).filter((c): c is string => !!c))].sort();
  return (
    <fieldset className="review-filters">
      <legend>Filter tasks</legend>
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
      {COLUMNS.map(([key, label]) => (
        <label key={key}>
          {label}
          <select data-testid={`filter-${key}`} value={filters[key]} onChange={(e) => onChange({ ...filters, [key]: e.target.value })}>
            <option value="">Any</option>
            {optionsOf(rows, key).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
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
      <button type="button" onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </button>
    </fieldset>
  );
}
