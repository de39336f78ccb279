/**
 * Runs loaded from a bundle (`elderbench import-run`): where each came from — the sha256 of the bundle's
 * contents.json (which hashes every other file), the file it was read from, and the ElderBench that exported it.
 */
export const up = `
CREATE TABLE run_imports (
  run_id          TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  contents_sha256 TEXT NOT NULL,
  source_file     TEXT NOT NULL,
  exported_by     TEXT NOT NULL,
  imported_at     TEXT NOT NULL
);
`;
