import { RUN_BUNDLE_FORMAT } from '../../../../shared/schemas/run-bundle.js';

/** The README.md at the top of every bundle: how to read it without ElderBench. */
export function bundleReadme(o: { runId: string; version: string; commit: string | null; exportedAt: string }): string {
  return `# ElderBench run ${o.runId}

A run bundle (${RUN_BUNDLE_FORMAT}) exported ${o.exportedAt} by ElderBench ${o.version}${o.commit ? ` (commit ${o.commit})` : ''}.
Load it into a workspace with \`elderbench import-run FILE\`; \`elderbench report ${o.runId}\` there prints the same tables.

## Files, in archive order

- \`manifest.json\` — the tool (version, commit), the run (id, mode, status, times), \`runManifest\`: the run's
  manifest exactly as stored (spec, agents with their prompt templates, judge, user simulator, seeds, prices, graph
  versions), and \`view\`: what a reader looks for first (each task's graph version and standing, the devices'
  fingerprints, each prompt template once with its sha256, limits, trials).
- \`tasks.json\` — every task the run used, as the workspace held it.
- \`steps/NNNNN.jsonl\` — one file per result, one line per step: the request sent (prompt text, and each image by
  its blob id), the raw reply, the parsed action, how it met the graph (offline), timings and tokens.
- \`images/<sha256>.<ext>\` — each screen once, named by the sha256 of its bytes (blob id).
- \`results.jsonl\` — one line per task × agent × mode × trial: exit class, success, the stored details (judge
  verdicts, side effects, device, goal conditions), a reviewer's label if any, its steps file, and \`view\`: every
  judge's verdict, tokens, USD, latency and partial credit as the report computes them.
- \`blobs.jsonl\` — each image's id, media type, size and file.
- \`contents.json\` — every other file's sha256 and size, and the counts.

Times are ISO 8601 UTC; coordinates are in [0,1000] of the full screenshot. API keys are never stored: an agent's
key is named by its environment variable (\`env:NAME\`), and any key value found in a text was replaced by
\`[redacted env:NAME]\` (contents.json counts them). The JSON Schema of each file: docs/run-bundle.schema.json in
the ElderBench repository; docs/run-bundle.md explains the fields.
`;
}
