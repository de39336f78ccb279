/**
 * Core operational verbs per task: an LLM's proposal (`analyze annotate`) and what a person
 * accepted or edited in the Analysis screen. The instruction is stored with them: an
 * annotation made for other wording does not count for a changed instruction.
 */
export const up = `
CREATE TABLE verb_annotations (
  task_id      TEXT PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
  instruction  TEXT NOT NULL,
  proposed     TEXT,                  -- JSON string[]: the model's verbs; NULL when none was asked
  model        TEXT,                  -- the model that proposed them
  accepted     TEXT,                  -- JSON string[]: what a person accepted or edited; NULL = not checked
  status       TEXT NOT NULL CHECK (status IN ('proposed','accepted','edited')),
  updated_at   TEXT NOT NULL
);
`;
