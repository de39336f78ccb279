/**
 * Repeated trials (`run --trials K`): a result, its steps and a reviewer's label belong to one trial of a
 * (task, agent, mode). SQLite cannot change a primary key in place, so the three tables are rebuilt with
 * `trial` in their keys; every row written before is trial 0, the first (and until now the only) one.
 */
export const up = `
CREATE TABLE run_results_new (
  run_id        TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id       TEXT NOT NULL,
  agent         TEXT NOT NULL,
  mode          TEXT NOT NULL CHECK (mode IN ('online','offline')),
  trial         INTEGER NOT NULL DEFAULT 0 CHECK (trial >= 0),
  success       INTEGER NOT NULL CHECK (success IN (0,1)),
  exit_category TEXT NOT NULL,
  details       TEXT NOT NULL DEFAULT '{}',
  finished_at   TEXT NOT NULL,
  PRIMARY KEY (run_id, task_id, agent, mode, trial)
);
INSERT INTO run_results_new (run_id, task_id, agent, mode, trial, success, exit_category, details, finished_at)
  SELECT run_id, task_id, agent, mode, 0, success, exit_category, details, finished_at FROM run_results;
DROP TABLE run_results;
ALTER TABLE run_results_new RENAME TO run_results;

CREATE TABLE run_steps_new (
  id               INTEGER PRIMARY KEY,
  run_id           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id          TEXT NOT NULL,
  agent            TEXT NOT NULL,
  mode             TEXT NOT NULL CHECK (mode IN ('online','offline')),
  trial            INTEGER NOT NULL DEFAULT 0 CHECK (trial >= 0),
  idx              INTEGER NOT NULL,
  observation_blob TEXT REFERENCES blobs(id),
  raw_output       TEXT NOT NULL DEFAULT '',
  action           TEXT NOT NULL,
  details          TEXT NOT NULL DEFAULT '{}',
  timings          TEXT NOT NULL DEFAULT '{}',
  usage            TEXT NOT NULL DEFAULT '{}',
  UNIQUE (run_id, task_id, agent, mode, trial, idx)
);
INSERT INTO run_steps_new (id, run_id, task_id, agent, mode, trial, idx, observation_blob, raw_output, action, details, timings, usage)
  SELECT id, run_id, task_id, agent, mode, 0, idx, observation_blob, raw_output, action, details, timings, usage FROM run_steps;
DROP TABLE run_steps;
ALTER TABLE run_steps_new RENAME TO run_steps;

CREATE TABLE labels_new (
  run_id           TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id          TEXT NOT NULL,
  agent            TEXT NOT NULL,
  mode             TEXT NOT NULL,
  trial            INTEGER NOT NULL DEFAULT 0 CHECK (trial >= 0),
  failure_category TEXT,
  human_verdict    TEXT CHECK (human_verdict IN ('success','failure')),
  notes            TEXT NOT NULL DEFAULT '',
  updated_at       TEXT NOT NULL,
  PRIMARY KEY (run_id, task_id, agent, mode, trial)
);
INSERT INTO labels_new (run_id, task_id, agent, mode, trial, failure_category, human_verdict, notes, updated_at)
  SELECT run_id, task_id, agent, mode, 0, failure_category, human_verdict, notes, updated_at FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;
`;
