import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/index.js';
import { useTempDirs } from '../../test/support/temp-dir.js';
import { Backend } from './backend.js';

describe('dispatch (the one entry both transports use)', () => {
  const tmp = useTempDirs();
  const backend = (): Backend => new Backend({ workspace: tmp(), userDataDir: tmp() });

  it('validates the argument before any handler runs and names the field', async () => {
    const b = backend();
    const err = await b.dispatch('settings.update', { uiScale: 9 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'bad_request', issues: [{ path: 'uiScale' }] });
    expect(await b.dispatch('settings.get', undefined)).toMatchObject({ uiScale: 1 });
    b.close();
  });

  it('refuses unknown channels', async () => {
    const b = backend();
    await expect(b.dispatch('settings.drop', {})).rejects.toMatchObject({ code: 'not_found' });
    await expect(b.dispatch('__proto__.constructor', {})).rejects.toMatchObject({ code: 'not_found' });
    b.close();
  });

  it('emits settings.onChanged with the merged settings', async () => {
    const b = backend();
    const seen: unknown[] = [];
    b.events.subscribe((e) => seen.push(e));
    await b.dispatch('settings.update', { theme: 'dark' });
    expect(seen).toContainEqual({ channel: 'settings.onChanged', payload: expect.objectContaining({ theme: 'dark', uiScale: 1 }) });
    b.close();
  });

  it('ignores a stored setting that no longer validates instead of breaking the app', async () => {
    const b = backend();
    b.workspace.settings.putMany({ uiScale: 'huge', theme: 'dark' });
    expect(await b.dispatch('settings.get', undefined)).toMatchObject({ uiScale: 1, theme: 'dark' });
    b.close();
  });

  it('switches workspace and lists it in recent', async () => {
    const b = backend();
    const other = tmp();
    const info = (await b.dispatch('workspace.open', { path: other })) as { path: string };
    expect(info.path).toBe(other);
    expect(await b.dispatch('workspace.recent', undefined)).toContain(other);
    b.close();
  });

  it('reports a malformed task file as bad_request with every field, leaving the workspace unchanged', async () => {
    const b = backend();
    const err = (await b.dispatch('tasks.importFile', { file: '/nonexistent/tasks.json' }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('bad_request');
    expect(err.message).toMatch(/tasks\.json: cannot read the file: ENOENT/);
    expect(await b.dispatch('tasks.list', {})).toEqual([]);
    b.close();
  });
});
