/**
 * Probe results per graph version: which generated variants of the demonstrations the graph accepts,
 * against the phone's verdict. Kept apart from the append-only graph versions, because a version can
 * be probed again later (on another device, or after the task's checks changed).
 *
 * And an annotator's mark on a recorded tap: any option of the group it hit would do as well (any
 * train, any preset amount), or the options named. It lives with the demonstration, so every rebuild
 * of the graph keeps it.
 */
export const up = `
ALTER TABLE steps ADD COLUMN alternatives TEXT;   -- JSON: "any" or a list of option labels; NULL = as demonstrated
CREATE TABLE graph_probes (
  id          INTEGER PRIMARY KEY,
  graph_id    INTEGER NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  kind        TEXT NOT NULL CHECK (kind IN ('device', 'structural')),
  device      TEXT,
  result      TEXT NOT NULL,         -- JSON: ProbeTaskResult
  created_at  TEXT NOT NULL
);
CREATE INDEX graph_probes_by_graph ON graph_probes(graph_id, id);
`;
