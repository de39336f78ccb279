import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { ObservationSink } from '../../core/recording/recording-ports.js';
import { validTask } from '../../../test/support/fixtures.js';
import { useTempDirs } from '../../../test/support/temp-dir.js';
import { recorderDeps } from './recorder-deps.js';

describe('the recorder’s ports over a workspace', () => {
  const tmp = useTempDirs();

  it('resolve a script’s LaunchApp by the name the task set gives the app, as a run does', () => {
    const ws = WorkspaceStore.open(tmp());
    const task = TaskSchema.parse(validTask({ id: 'w', app: 'Weather', app_names: ['天气'], package: 'com.vphone.weather' }));
    ws.tasks.importSet({ name: 's', sourceFile: '/x.json', sourceHash: 'h' }, [task], false);
    const deps = recorderDeps(() => ws, {} as DevicePort, {} as ObservationSink);
    expect(deps.resolvePackage('天气')).toBe('com.vphone.weather');
    expect(deps.resolvePackage('设置')).toBe('com.android.settings');
    expect(deps.resolvePackage('天气预报')).toBeNull();
    ws.close();
  });
});
