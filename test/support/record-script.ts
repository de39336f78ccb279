import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ScriptStep } from '../../electron/core/recording/script.js';
import { startVirtualPhoneServer } from '../../electron/virtual-phone/index.js';
import { Backend } from '../../electron/services/backend.js';
import { recordScript as recordScriptService } from '../../electron/services/recording/record-script.js';

/** Records a scripted demonstration in-process (the service `elderbench record` uses); returns its id. */
export async function recordScript(backend: Backend, taskId: string, serial: string, script: ScriptStep[]): Promise<number> {
  return (await recordScriptService(backend, taskId, serial, script)).demonstrationId;
}

const tap = (on: string): ScriptStep => ({ type: 'Tap', on, match: 'prefix' });
const FINISH: ScriptStep = { type: 'Finish' };

/** Demonstrations for test/fixtures/tasks/settings-runs.json (English phone). */
export const SETTINGS_RUN_DEMOS: Record<string, ScriptStep[][]> = {
  'off-display': [
    [tap('Settings'), tap('Display'), FINISH],
    [tap('Settings'), tap('Sound'), { type: 'Back' }, tap('Display'), FINISH],
  ],
  'off-sound': [
    [tap('Settings'), tap('Sound'), FINISH],
    [tap('Settings'), tap('Display'), { type: 'Back' }, tap('Sound'), FINISH],
  ],
  'on-dark': [[tap('Settings'), tap('Display'), tap('Dark theme'), FINISH]],
  'on-display': [[tap('Settings'), tap('Display'), FINISH]],
  'on-sound': [[tap('Settings'), tap('Sound'), FINISH]],
};

/** Imports test/fixtures/tasks/settings-runs.json, records its demonstrations and builds the offline graphs. */
export async function prepareSettingsWorkspace(backend: Backend, serial = 'vphone-1'): Promise<void> {
  const { importTaskFile } = await import('../../electron/services/workspace/tasks-service.js');
  const { buildAndStore } = await import('../../electron/services/graphs/graph-builder.js');
  const { REPO_ROOT } = await import('./fixtures.js');
  await importTaskFile(backend.workspace, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
  for (const [id, scripts] of Object.entries(SETTINGS_RUN_DEMOS)) {
    for (const script of scripts) {
      for (const cmd of backend.workspace.tasks.get(id)!.setup) await backend.devices.device(serial).shell(cmd);
      await recordScript(backend, id, serial, script);
    }
    if (backend.workspace.tasks.get(id)!.mode === 'offline') await buildAndStore(backend.workspace, id);
  }
}

/**
 * The settings workspace recorded once per test run (each file used to record the same seven demonstrations on a
 * phone of its own): built by the first file that asks, in the run's cache folder (global setup), and kept if no
 * other file finished one first. A file run without the global setup records its own.
 */
async function settingsTemplate(dirs: () => string): Promise<string> {
  const root = inject('testRunCache') ?? dirs();
  const ready = join(root, 'settings-workspace');
  if (existsSync(ready)) return join(ready, 'ws');
  const building = mkdtempSync(join(root, 'settings-building-'));
  const phone = await startVirtualPhoneServer({ port: 0, locale: 'en' });
  try {
    const backend = new Backend({
      workspace: join(building, 'ws'),
      userDataDir: join(building, 'user-data'),
      adbServer: `127.0.0.1:${phone.port}`,
    });
    try {
      await prepareSettingsWorkspace(backend);
    } finally {
      backend.close();
    }
  } finally {
    await phone.close();
  }
  try {
    renameSync(building, ready); // whole or not at all: a folder that exists is complete
  } catch {
    rmSync(building, { recursive: true, force: true }); // another file's copy landed first; both are the same
  }
  return join(ready, 'ws');
}

/**
 * A fresh workspace with the settings tasks recorded (a copy of the run's recording of them, made on an English
 * virtual phone like this one) and a new virtual phone (English): its folder, the phone's adb address, and a backend
 * open on it (close it before serving the folder).
 */
export async function settingsWorkspace(
  dirs: () => string,
  phones: (o: { locale: 'en' }) => Promise<{ port: number }>,
): Promise<{ ws: string; adb: string; backend: Backend }> {
  const template = await settingsTemplate(dirs);
  const phone = await phones({ locale: 'en' });
  const ws = dirs();
  cpSync(template, ws, { recursive: true });
  const adb = `127.0.0.1:${phone.port}`;
  const backend = new Backend({ workspace: ws, userDataDir: dirs(), adbServer: adb });
  return { ws, adb, backend };
}
