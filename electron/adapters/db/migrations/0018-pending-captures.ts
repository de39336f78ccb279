/**
 * A recorded step is committed with its observation as the phone gave it (PNG screenshot, UI dump
 * text), so the annotator's next input is not held up by encoding. The lossless WebP, the thumbnail
 * and the gzipped dump are made afterwards and replace the row here in one transaction; a row left
 * by a killed process is encoded when the workspace is next opened.
 */
export const up = `
CREATE TABLE pending_captures (
  step_id    INTEGER PRIMARY KEY REFERENCES steps(id) ON DELETE CASCADE,
  screenshot BLOB NOT NULL,
  xml        BLOB NOT NULL,
  created_at TEXT NOT NULL
);
`;
