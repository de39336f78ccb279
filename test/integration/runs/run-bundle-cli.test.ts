import Database from 'better-sqlite3';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTarGz, entryBytes } from '../../../electron/adapters/archive/tar-gz.js';
import { Backend } from '../../../electron/services/backend.js';
import {
  BundleBlobSchema,
  BundleContentsSchema,
  BundleManifestSchema,
  BundleResultSchema,
  BundleStepSchema,
  BundleTasksSchema,
} from '../../../shared/schemas/run-bundle.js';
import { cliToEnd } from '../../support/cli-process.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';

/**
 * The run bundle through the CLI, as two labs use it: a run on the `demo` workspace (the replay oracle and a scripted
 * OpenAI-compatible model whose key is in the environment, two trials, one reviewer label) exported, then loaded into
 * an empty workspace where `report` prints the same bytes. A damaged and a cut-off bundle are refused naming the file
 * and field, and leave the workspace as it was; the key appears nowhere in the bundle.
 */

const SECRET = 'sk-bundle-secret-4f9c2e7a1b';
const TASKS = 'chat-t*';

/** Every row of every table, and the blob files: what "the workspace is unchanged" means. */
function snapshot(ws: string): string {
  const db = new Database(join(ws, 'elderbench.db'), { readonly: true });
  try {
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    const rows = Object.fromEntries(tables.map((t) => [t.name, db.prepare(`SELECT * FROM "${t.name}"`).all()]));
    const blobs = existsSync(join(ws, 'blobs')) ? listFiles(join(ws, 'blobs')).filter((f) => !f.startsWith('tmp/')) : [];
    return JSON.stringify({ rows, blobs });
  } finally {
    db.close();
  }
}

function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name), root) : [relative(root, join(dir, e.name))]))
    .sort();
}

/** The bundle's files by name, in archive order. */
async function bundleFiles(file: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for await (const e of readTarGz(file)) out.set(e.name, await entryBytes(e, 1 << 30));
  return out;
}

/** A copy of a bundle with one file's bytes changed (everything else, contents.json included, as exported). */
async function rewritten(files: Map<string, Buffer>, out: string, name: string, change: (b: Buffer) => Buffer): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(out));
  for (const [n, b] of files) {
    const bytes = n === name ? change(b) : b;
    await new Promise<void>((resolve, reject) => pack.entry({ name: n, size: bytes.length }, bytes, (e) => (e ? reject(e) : resolve())));
  }
  pack.finalize();
  await done;
}

describe('run bundle: export, import-run, the same report (through the CLI)', () => {
  let dir = '';
  let ws = '';
  let runId = '';
  let bundle = '';
  let server: MockLlmServer | null = null;
  const env = (): Record<string, string> => ({ ELDERBENCH_USER_DATA: join(dir, 'user-data'), BUNDLE_TEST_KEY: SECRET });
  const cli = (workspace: string, args: string[]) => cliToEnd(['--workspace', workspace, ...args], env());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eb-bundle-'));
    ws = (await copyOfSharedDemo(dir)).workspace;
    server = await MockLlmServer.start();
    // A model that echoes its key into its reply: the export must not carry it out of the workspace.
    server.route = () => ({
      kind: 'reply',
      content: `Thought: my key is ${SECRET}.\n{"action": "finish", "status": "success", "message": "done"}`,
    });
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({
        agents: [{ name: 'mock-vlm', adapter: 'vlm', baseUrl: server.baseUrl, model: 'model-a', apiKeyEnv: 'BUNDLE_TEST_KEY', retries: 0 }],
      }),
    );
    const trust = await cli(ws, ['agent', 'trust', 'mock-vlm']);
    expect(trust.code, trust.stderr).toBe(0);
    const run = await cli(ws, ['--json', 'run', '--mode', 'offline', '--agent', 'replay,mock-vlm', '--tasks', TASKS, '--trials', '2']);
    expect(run.code, run.stderr).toBe(0);
    runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.some((r) => JSON.stringify(r).includes(SECRET))).toBe(true);

    // A reviewer's verdict, so the judge-accuracy table has a label behind it.
    const backend = new Backend({ workspace: ws, userDataDir: join(dir, 'user-data') });
    try {
      const r = backend.workspace.runs.results(runId).find((x) => x.agent === 'mock-vlm')!;
      await backend.handlers.review.label({
        runId,
        taskId: r.taskId,
        agent: r.agent,
        mode: r.mode,
        failureCategory: null,
        humanVerdict: 'failure',
        notes: 'checked by hand',
      });
    } finally {
      backend.close();
    }

    bundle = join(dir, 'run.tar.gz');
    const exported = await cli(ws, ['--json', 'export', runId, '--out', bundle]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ runId, file: bundle, results: 8 });
  }, 3_000_000);

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the bundle validates file by file against its schemas, and the key is nowhere in it', async () => {
    const files = await bundleFiles(bundle);
    const names = [...files.keys()];
    expect(names.slice(0, 3)).toEqual(['README.md', 'manifest.json', 'tasks.json']);
    expect(names.slice(-3)).toEqual(['results.jsonl', 'blobs.jsonl', 'contents.json']);
    const json = (n: string): unknown => JSON.parse(files.get(n)!.toString('utf8'));
    const lines = (n: string): unknown[] =>
      files
        .get(n)!
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown);

    const manifest = BundleManifestSchema.parse(json('manifest.json'));
    expect(manifest.run.id).toBe(runId);
    expect(manifest.view.trials).toBe(2);
    expect(manifest.view.tasks.map((t) => t.taskId)).toEqual(['chat-tell-daughter', 'chat-tell-her-home']);
    for (const t of manifest.view.tasks)
      expect(t).toMatchObject({ graphVersion: 1, standing: expect.stringMatching(/^valid: /) as unknown });
    expect(manifest.view.prompts.find((p) => p.usedBy.includes('agent:mock-vlm'))?.text.length).toBeGreaterThan(100);
    expect(manifest.view.agents['mock-vlm']).toMatchObject({ keySource: 'env:BUNDLE_TEST_KEY', model: 'model-a' });
    expect(BundleTasksSchema.parse(json('tasks.json'))).toHaveLength(2);

    const results = lines('results.jsonl').map((l) => BundleResultSchema.parse(l));
    // Two tasks × two agents × two trials.
    expect(results).toHaveLength(8);
    expect(results.filter((r) => r.label)).toHaveLength(1);
    const mock = results.find((r) => r.agent === 'mock-vlm')!;
    expect(mock.view.tokens.prompt).toBeGreaterThan(0);
    expect(mock.view.verdicts).toEqual({ 'task graph': false });
    const steps = lines(mock.stepsFile).map((l) => BundleStepSchema.parse(l));
    expect(steps[0]!.rawOutput).toContain('[redacted env:BUNDLE_TEST_KEY]');
    // The request names its image by blob id, and the image is in the bundle.
    const image = steps[0]!.request!.messages.flatMap((m) => m.images)[0]!;
    expect(image).toBe(steps[0]!.observationBlob);
    const blobs = lines('blobs.jsonl').map((l) => BundleBlobSchema.parse(l));
    expect(files.has(blobs.find((b) => b.id === image)!.file)).toBe(true);
    // Each screen once, however many steps saw it.
    expect(new Set(blobs.map((b) => b.id)).size).toBe(blobs.length);
    const contents = BundleContentsSchema.parse(json('contents.json'));
    expect(contents.redactions).toBeGreaterThan(0);
    expect(contents.counts).toMatchObject({ results: 8, images: blobs.length });

    // The key, as it is and as JSON would escape it, in no byte of the archive.
    const raw = gunzipSync(readFileSync(bundle));
    expect(raw.includes(SECRET)).toBe(false);
    expect(raw.includes('BUNDLE_TEST_KEY')).toBe(true);
  });

  it('a damaged and a truncated bundle are refused naming the file and field, and leave the workspace as it was; then the bundle loads and reports the same bytes', async () => {
    const target = join(dir, 'target');
    const made = await cli(target, ['report', '--list']);
    expect(made.code, made.stderr).toBe(0);
    const before = snapshot(target);

    const files = await bundleFiles(bundle);
    const damaged = join(dir, 'damaged.tar.gz');
    await rewritten(files, damaged, 'results.jsonl', (b) => {
      const l = b.toString('utf8').split('\n');
      l[2] = l[2]!.replace('"success":false', '"success":"no"').replace('"success":true', '"success":"yes"');
      return Buffer.from(l.join('\n'));
    });
    const bad = await cli(target, ['import-run', damaged]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('results.jsonl line 3, field "success"');
    expect(bad.stderr).toContain('nothing was imported');

    // A screen changed after export: its name no longer matches its bytes.
    const image = [...files.keys()].find((n) => n.startsWith('images/'))!;
    const swapped = join(dir, 'swapped.tar.gz');
    await rewritten(files, swapped, image, (b) => Buffer.concat([b, Buffer.from([0])]));
    const badImage = await cli(target, ['import-run', swapped]);
    expect(badImage.code).not.toBe(0);
    expect(badImage.stderr).toContain(`${image}: its bytes hash to`);

    const truncated = join(dir, 'truncated.tar.gz');
    const whole = readFileSync(bundle);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const cut = await cli(target, ['import-run', truncated]);
    expect(cut.code).not.toBe(0);
    expect(cut.stderr).toMatch(/the archive is truncated: its gzip data ends early \(it ends inside or after (steps|images)\/[^)]+\)/);

    expect(snapshot(target)).toBe(before);

    const loaded = await cli(target, ['--json', 'import-run', bundle]);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(JSON.parse(loaded.stdout)).toMatchObject({ runId, results: 8, tasksAdded: 2, tasksKnown: 0 });

    for (const args of [
      ['report', runId, '--format', 'markdown'],
      ['--json', 'report', runId],
    ]) {
      const original = await cli(ws, args);
      const imported = await cli(target, args);
      expect(original.code, original.stderr).toBe(0);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toBe(original.stdout);
      expect(imported.stderr).toBe(original.stderr);
    }
    const md = (await cli(target, ['report', runId, '--format', 'md'])).stdout;
    expect(md).toBe((await cli(ws, ['report', runId, '--format', 'markdown'])).stdout); // md is markdown's short name
    expect(md).toContain('pass@');
    expect(md).toMatch(/Judge accuracy|judge/i);

    // The same run again: refused (an imported run keeps its id), and nothing changes.
    const after = snapshot(target);
    const again = await cli(target, ['import-run', bundle]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`run ${runId} already exists`);
    expect(snapshot(target)).toBe(after);
  });
});
