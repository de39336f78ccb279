/**
 * Graphs that grow where agents go: an annotator's decision about an agent's off-graph action — a
 * branch recorded from there (a demonstration), the action marked wrong at that node — and routes
 * proposed by exploration and accepted (demonstrations too). The node is named by one of its recorded
 * observations (demonstration, step), so every rebuild finds it again; the graph versions themselves
 * stay append-only.
 */
export const up = `
CREATE TABLE off_graph_decisions (
  id               INTEGER PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind IN ('branch', 'wrong', 'route')),
  task_id          TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  run_id           TEXT,                 -- the run step it came from (NULL for accepted routes)
  agent            TEXT,
  step_idx         INTEGER,
  anchor_demo      INTEGER,              -- the observation the action was taken on
  anchor_idx       INTEGER,
  action           TEXT,                 -- JSON: Action
  target           TEXT,                 -- JSON: TargetElement the action landed on, or NULL
  screen           TEXT,                 -- JSON: ScreenSize of the node's screen
  demonstration_id INTEGER REFERENCES demonstrations(id) ON DELETE SET NULL,
  note             TEXT NOT NULL DEFAULT '',
  created_at       TEXT NOT NULL
);
CREATE INDEX off_graph_decisions_by_task ON off_graph_decisions(task_id, id);
`;
