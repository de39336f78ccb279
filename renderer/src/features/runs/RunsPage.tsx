import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';
import { NewRunForm } from './NewRunForm.js';
import { RunDetail } from './RunDetail.js';

/**
 * Runs: the workspace's runs on the left, and on the right the one chosen (its progress, charts
 * and tables) or the form for a new one. Each side scrolls on its own; the page does not.
 */
export function RunsPage() {
  const s = useAppStore(useShallow((st) => ({ runs: st.runs, selected: st.selectedRun, select: st.selectRun })));
  const [composing, setComposing] = useState(false);
  const { selected } = s;
  // A run just started (or chosen elsewhere, e.g. on the Overview) is what the right side shows.
  useEffect(() => setComposing(false), [selected]);
  const showForm = composing || selected === null;
  return (
    <section aria-labelledby="page-title" className="runs-page">
      <div className="runs-top">
        <h1 id="page-title">Runs</h1>
        <button type="button" onClick={() => setComposing(true)} aria-pressed={showForm} data-testid="run-new">
          New run…
        </button>
        {showForm && selected && (
          <button type="button" className="secondary" onClick={() => setComposing(false)}>
            Back to {selected}
          </button>
        )}
      </div>
      <div className="runs-layout">
        <div className="runs-list" tabIndex={0} role="region" aria-label="Runs in this workspace">
          <table className="data compact" data-testid="runs-table">
            <caption>Runs in this workspace ({s.runs.length})</caption>
            <thead>
              <tr>
                <th scope="col">Run, its status and results</th>
              </tr>
            </thead>
            <tbody>
              {s.runs.map((r) => (
                <tr key={r.id} className={r.id === selected ? 'selected' : undefined}>
                  <td>
                    <button type="button" className="link run-id" aria-pressed={r.id === selected} onClick={() => void s.select(r.id)}>
                      {r.id}
                    </button>
                    <span className="run-meta">
                      <span
                        data-testid={`run-status-${r.id}`}
                        className={`run-status ${r.active || r.runningElsewhere ? 'running' : r.status}`}
                        title={r.runningElsewhere ? `running in ${r.runningElsewhere}` : undefined}
                      >
                        {r.active ? 'running' : r.runningElsewhere ? 'running elsewhere' : r.status}
                      </span>{' '}
                      · <span data-testid={`run-results-${r.id}`}>{r.results}</span> results · {r.mode} · {r.agents.join(', ')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {s.runs.length === 0 && <p>No runs yet: start one with the form on the right.</p>}
        </div>
        <div className="runs-main">{showForm ? <NewRunForm /> : <RunDetail runId={selected!} />}</div>
      </div>
    </section>
  );
}
