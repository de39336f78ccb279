/**
 * The first schema: everything the workspace holds. JSON columns hold plain objects
 * whose shape is the TypeScript type named in the repository that reads them.
 */
export const up = `
CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL            -- JSON
);

CREATE TABLE task_sets (
  name        TEXT PRIMARY KEY,
  source_file TEXT NOT NULL,
  source_hash TEXT NOT NULL,         -- sha256 of the imported file, for reproducibility
  imported_at TEXT NOT NULL
);

CREATE TABLE tasks (
  id          TEXT PRIMARY KEY,
  task_set    TEXT NOT NULL REFERENCES task_sets(name) ON DELETE CASCADE,
  body        TEXT NOT NULL,         -- JSON: Task, exactly as validated
  instruction TEXT NOT NULL,
  lang        TEXT NOT NULL,
  app         TEXT NOT NULL,
  mode        TEXT NOT NULL CHECK (mode IN ('online','offline')),
  semantic    TEXT NOT NULL,
  syntactic   TEXT NOT NULL,
  scenario    TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX tasks_by_set ON tasks(task_set);

CREATE TABLE blobs (
  id          TEXT PRIMARY KEY,      -- sha256 hex of the stored bytes
  size        INTEGER NOT NULL,
  media_type  TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

CREATE TABLE demonstrations (
  id            INTEGER PRIMARY KEY,
  task_id       TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  device_serial TEXT NOT NULL,
  device_info   TEXT NOT NULL DEFAULT '{}',  -- JSON
  status        TEXT NOT NULL CHECK (status IN ('recording','finished','interrupted','discarded')),
  note          TEXT NOT NULL DEFAULT '',
  started_at    TEXT NOT NULL,
  finished_at   TEXT
);
CREATE INDEX demonstrations_by_task ON demonstrations(task_id);

CREATE TABLE steps (
  id                  INTEGER PRIMARY KEY,
  demonstration_id    INTEGER NOT NULL REFERENCES demonstrations(id) ON DELETE CASCADE,
  idx                 INTEGER NOT NULL,
  screenshot_blob     TEXT REFERENCES blobs(id),
  xml_blob            TEXT REFERENCES blobs(id),
  foreground_package  TEXT,
  foreground_activity TEXT,
  action              TEXT,          -- JSON: Action; NULL on the final observation
  action_px           TEXT,          -- JSON: the action in device pixels
  timings             TEXT NOT NULL DEFAULT '{}',
  created_at          TEXT NOT NULL,
  UNIQUE (demonstration_id, idx)
);

CREATE TABLE graphs (
  id          INTEGER PRIMARY KEY,
  task_id     TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  version     INTEGER NOT NULL,
  parent_id   INTEGER REFERENCES graphs(id),
  config      TEXT NOT NULL,         -- JSON: signature parts and thresholds
  body        TEXT NOT NULL,         -- JSON: nodes and edges
  validation  TEXT NOT NULL DEFAULT '{}',
  created_at  TEXT NOT NULL,
  UNIQUE (task_id, version)
);

CREATE TABLE runs (
  id          TEXT PRIMARY KEY,
  mode        TEXT NOT NULL CHECK (mode IN ('online','offline','both')),
  status      TEXT NOT NULL CHECK (status IN ('running','finished','cancelled','failed')),
  manifest    TEXT NOT NULL,         -- JSON: everything needed to reproduce the run
  created_at  TEXT NOT NULL,
  finished_at TEXT
);

CREATE TABLE run_results (
  run_id        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id       TEXT NOT NULL,
  agent         TEXT NOT NULL,
  mode          TEXT NOT NULL CHECK (mode IN ('online','offline')),
  success       INTEGER NOT NULL CHECK (success IN (0,1)),
  exit_category TEXT NOT NULL,
  details       TEXT NOT NULL DEFAULT '{}',
  finished_at   TEXT NOT NULL,
  PRIMARY KEY (run_id, task_id, agent, mode)
);

CREATE TABLE run_steps (
  id               INTEGER PRIMARY KEY,
  run_id           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id          TEXT NOT NULL,
  agent            TEXT NOT NULL,
  mode             TEXT NOT NULL CHECK (mode IN ('online','offline')),
  idx              INTEGER NOT NULL,
  observation_blob TEXT REFERENCES blobs(id),
  raw_output       TEXT NOT NULL DEFAULT '',
  action           TEXT NOT NULL,    -- JSON: Action (ParseError included)
  details          TEXT NOT NULL DEFAULT '{}',
  timings          TEXT NOT NULL DEFAULT '{}',
  usage            TEXT NOT NULL DEFAULT '{}',
  UNIQUE (run_id, task_id, agent, mode, idx)
);

CREATE TABLE labels (
  run_id           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id          TEXT NOT NULL,
  agent            TEXT NOT NULL,
  mode             TEXT NOT NULL,
  failure_category TEXT,
  human_verdict    TEXT CHECK (human_verdict IN ('success','failure')),
  notes            TEXT NOT NULL DEFAULT '',
  updated_at       TEXT NOT NULL,
  PRIMARY KEY (run_id, task_id, agent, mode)
);
`;
