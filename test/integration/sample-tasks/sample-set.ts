import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Task } from '../../../shared/schemas/task.js';
import { TaskSchema, TaskSetFileSchema } from '../../../shared/schemas/task.js';
import type { ScriptStep } from '../../../electron/core/recording/script.js';
import { DemoScriptSchema } from '../../../electron/core/recording/script.js';

/** Loads tasks/sample (tasks + demonstration scripts) through the real schemas. */
export const SAMPLE_DIR = join(import.meta.dirname, '../../../tasks/sample');

export function loadSampleTasks(): Task[] {
  const file = TaskSetFileSchema.parse(JSON.parse(readFileSync(join(SAMPLE_DIR, 'tasks.json'), 'utf8')));
  return file.tasks.map((t) => TaskSchema.parse(t));
}

export function loadDemos(id: string): ScriptStep[][] {
  const dir = join(SAMPLE_DIR, 'demos', id);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+\.json$/.test(f))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .map((f) => DemoScriptSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

/** The five apps the paper's offline set lives in (Chat, Wallet, Maps, Shop, Travel). */
export const OFFLINE_PACKAGES = ['com.vphone.chat', 'com.vphone.wallet', 'com.vphone.maps', 'com.vphone.shop', 'com.vphone.travel'];
