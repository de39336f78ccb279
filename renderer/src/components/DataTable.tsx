import type { TableModel } from '../../../shared/domain/analysis.js';
import { formatCell } from '../../../shared/domain/table-format.js';
import { ScrollX } from './ScrollX.js';

/** A report table (the same model the CLI writes as Markdown/CSV/LaTeX). */
export function DataTable({ table }: { table: TableModel }) {
  return (
    <ScrollX label={table.title}>
      <table className="data" data-testid={`table-${table.id}`}>
        <caption>{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" style={{ textAlign: c.align === 'right' ? 'right' : 'left' }}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr
              key={i}
              className={table.mutedRows?.includes(i) ? 'muted' : undefined}
              data-muted={table.mutedRows?.includes(i) ? 'true' : undefined}
            >
              {table.columns.map((c) => (
                <td key={c.key} style={{ textAlign: c.align === 'right' ? 'right' : 'left' }}>
                  {formatCell(r[c.key] ?? null, c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {table.notes.length > 0 && (
          <tfoot>
            <tr>
              <td colSpan={table.columns.length} className="muted">
                {table.notes.join(' ')}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </ScrollX>
  );
}
