import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/schemas/task.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { useTempDirs } from '../../../test/support/temp-dir.js';
import { validTask } from '../../../test/support/fixtures.js';
import { DuplicateTaskError } from './repositories/tasks-repo.js';
import { WorkspaceStore } from './workspace-store.js';
import { NO_USAGE, testManifest } from '../../../test/support/run-manifest.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';

const task = (id: string, extra: Record<string, unknown> = {}): Task => TaskSchema.parse(validTask({ id, ...extra }));
const set = { name: 's', sourceFile: '/x.json', sourceHash: 'h' };

describe('WorkspaceStore', () => {
  const tmp = useTempDirs();

  it('creates elderbench.db (WAL) and blobs/ in the folder', () => {
    const dir = tmp();
    const ws = WorkspaceStore.open(join(dir, 'new-ws'));
    expect(existsSync(join(dir, 'new-ws', 'elderbench.db'))).toBe(true);
    expect(existsSync(join(dir, 'new-ws', 'blobs'))).toBe(true);
    expect(ws.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(ws.db.pragma('foreign_keys', { simple: true })).toBe(1);
    ws.close();
  });

  it('keeps settings across reopen', () => {
    const dir = tmp();
    const a = WorkspaceStore.open(dir);
    a.settings.putMany({ uiScale: 1.5, theme: 'dark' });
    a.close();
    const b = WorkspaceStore.open(dir);
    expect(b.settings.all()).toEqual({ uiScale: 1.5, theme: 'dark' });
    b.close();
  });

  it('imports a task set all-or-nothing and refuses duplicates unless replacing', () => {
    const ws = WorkspaceStore.open(tmp());
    expect(ws.tasks.importSet(set, [task('a'), task('b')], false)).toEqual({ imported: 2, replaced: 0 });
    expect(() => ws.tasks.importSet({ ...set, name: 't' }, [task('c'), task('a')], false)).toThrow(DuplicateTaskError);
    expect(ws.tasks.list().map((t) => t.id)).toEqual(['a', 'b']);
    expect(ws.tasks.sets().map((s) => s.name)).toEqual(['s']);
    expect(ws.tasks.importSet(set, [task('a', { instruction: '新的' })], true)).toEqual({ imported: 0, replaced: 1 });
    expect(ws.tasks.get('a')?.instruction).toBe('新的');
    ws.close();
  });

  it('gives every task’s app with the names the task set gives it (a LaunchApp by name)', () => {
    const ws = WorkspaceStore.open(tmp());
    ws.tasks.importSet(set, [task('a', { app: 'Weather', package: 'com.vphone.weather', app_names: ['天气'] }), task('b')], false);
    const apps = ws.tasks.apps();
    expect(apps[0]).toEqual({ app: 'Weather', package: 'com.vphone.weather', app_names: ['天气'] });
    expect(apps[1]?.app_names).toEqual([]);
    ws.close();
  });

  it('filters tasks by mode, category and text', () => {
    const ws = WorkspaceStore.open(tmp());
    ws.tasks.importSet(set, [task('on-1'), task('off-1', { mode: 'offline', instruction: 'Block this number' })], false);
    expect(ws.tasks.list({ mode: 'offline' }).map((t) => t.id)).toEqual(['off-1']);
    expect(ws.tasks.list({ text: 'BLOCK' }).map((t) => t.id)).toEqual(['off-1']);
    expect(ws.tasks.list({ semantic: 'Indirect Speech' })).toHaveLength(2);
    ws.close();
  });

  it('stores identical blobs once and leaves no temp files', async () => {
    const ws = WorkspaceStore.open(tmp());
    const bytes = new TextEncoder().encode('<hierarchy/>');
    const a = await ws.putBlob(bytes, 'application/xml');
    const b = await ws.putBlob(bytes, 'application/xml');
    expect(a).toEqual({ id: b.id, created: true });
    expect(b.created).toBe(false);
    expect((await ws.blobs.get(a.id)).toString()).toBe('<hierarchy/>');
    expect(ws.blobIndex.get(a.id)?.mediaType).toBe('application/xml');
    expect(readdirSync(join(ws.path, 'blobs', 'tmp'))).toEqual([]);
    expect(() => ws.blobs.pathOf('../../etc/passwd')).toThrow(/not a blob id/);
    ws.close();
  });

  it('records demonstrations step by step, and undo removes the last step', () => {
    const ws = WorkspaceStore.open(tmp());
    ws.tasks.importSet(set, [task('a')], false);
    const demo = ws.demonstrations.create('a', 'vphone-1', { model: 'vphone' });
    for (let i = 0; i < 3; i++) {
      ws.demonstrations.addStep({
        demonstrationId: demo.id,
        idx: i,
        screenshotBlob: null,
        thumbnailBlob: null,
        xmlBlob: null,
        foregroundPackage: 'com.android.settings',
        foregroundActivity: '.Settings',
        action: { type: 'Tap', at: { x: 500, y: 500 } },
        actionPx: { type: 'Tap', at: { x: 540, y: 1200 }, screen: { width: 1080, height: 2400 } },
        timings: { capture_ms: 5 },
      });
    }
    expect(ws.demonstrations.removeStep(demo.id, 2)).toBe(true);
    const steps = ws.demonstrations.steps(demo.id);
    expect(steps.map((s) => s.idx)).toEqual([0, 1]);
    expect(steps[0]?.action).toEqual({ type: 'Tap', at: { x: 500, y: 500 } });
    expect(steps[0]?.actionPx).toEqual({ type: 'Tap', at: { x: 540, y: 1200 }, screen: { width: 1080, height: 2400 } });
    ws.demonstrations.setStatus(demo.id, 'interrupted');
    expect(ws.demonstrations.get(demo.id)?.status).toBe('interrupted');
    ws.close();
  });

  it('versions graphs, and stores runs, results, steps and labels', () => {
    const ws = WorkspaceStore.open(tmp());
    ws.tasks.importSet(set, [task('a')], false);
    const body = (startNode: string): TaskGraph => ({ taskId: 'a', config: DEFAULT_SIGNATURE_CONFIG, startNode, nodes: [], edges: [] });
    const stored = {
      config: { signature: DEFAULT_SIGNATURE_CONFIG, match: DEFAULT_MATCH_OPTIONS },
      validation: { selfConsistency: 1, selfReplays: [], leaveOneOut: null, leaveOneOutReplays: [], flaggedNodes: [] },
    };
    const g1 = ws.graphs.addVersion('a', { parentId: null, ...stored, body: body('n0') });
    const g2 = ws.graphs.addVersion('a', { parentId: g1.id, ...stored, body: body('n1') });
    expect([g1.version, g2.version]).toEqual([1, 2]);
    expect(ws.graphs.latest('a')?.body).toEqual(body('n1'));

    ws.runs.create('r1', 'offline', testManifest());
    const key = { runId: 'r1', taskId: 'a', agent: 'replay', mode: 'offline' as const };
    ws.runs.addStep({
      ...key,
      idx: 0,
      observationBlob: null,
      rawOutput: 'x',
      action: { type: 'Back' },
      details: {},
      timings: {},
      usage: NO_USAGE,
    });
    ws.runs.putResult({ ...key, success: true, exitCategory: 'finished', details: {} });
    ws.labels.put({ ...key, failureCategory: null, humanVerdict: 'success', notes: 'ok' });
    expect(ws.runs.steps(key)).toHaveLength(1);
    expect(ws.runs.results('r1')[0]?.success).toBe(true);
    expect(ws.labels.forRun('r1')[0]?.notes).toBe('ok');
    expect(ws.integrityCheck()).toBe('ok');
    ws.close();
  });
});
