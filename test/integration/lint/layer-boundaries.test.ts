import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../support/fixtures.js';
import { lintAs } from '../../support/lint.js';

/** The layer-boundary messages lint gives a snippet placed at `path`. */
async function boundaries(code: string, path: string): Promise<string[]> {
  return (await lintAs(code, path)).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint: the layer boundaries', () => {
  it('an electron/main file importing a native module or the backend fails lint', async () => {
    expect(
      await boundaries("import Database from 'better-sqlite3';\nexport const db = new Database(':memory:');\n", 'electron/main/storage.ts'),
    ).toEqual([expect.stringContaining('native modules are built for the backend')]);
    expect(await boundaries("import sharp from 'sharp';\nexport { sharp };\n", 'electron/main/images.ts')).toHaveLength(1);
    expect(
      await boundaries(
        "import { WorkspaceStore } from '../adapters/db/workspace-store.js';\nexport { WorkspaceStore };\n",
        'electron/main/x.ts',
      ),
    ).toEqual([expect.stringContaining('process boundary')]);
    expect(await boundaries("import { Backend } from '../services/backend.js';\nexport { Backend };\n", 'electron/main/x.ts')).toHaveLength(
      1,
    );
  });

  it('electron/main may import Electron, Node, ws and the shared contract', async () => {
    const code =
      "import { app } from 'electron';\nimport { join } from 'node:path';\nimport WebSocket from 'ws';\nimport { IPC_PREFIX } from '../../shared/api/index.js';\nexport { app, join, WebSocket, IPC_PREFIX };\n";
    expect(await boundaries(code, 'electron/main/x.ts')).toEqual([]);
  });

  it('the preload may import neither Node, a native module, nor the backend', async () => {
    expect(await boundaries("import { readFileSync } from 'node:fs';\nexport { readFileSync };\n", 'electron/preload/x.ts')).toHaveLength(
      1,
    );
    expect(await boundaries("import Database from 'better-sqlite3';\nexport { Database };\n", 'electron/preload/x.ts')).toHaveLength(1);
    expect(
      await boundaries("import { Backend } from '../services/backend.js';\nexport { Backend };\n", 'electron/preload/x.ts'),
    ).toHaveLength(1);
    expect(
      await boundaries(
        "import { contextBridge } from 'electron';\nimport { IPC_PREFIX } from '../../shared/api/index.js';\nexport { contextBridge, IPC_PREFIX };\n",
        'electron/preload/x.ts',
      ),
    ).toEqual([]);
  });

  it('core stays pure and the backend stays out of Electron', async () => {
    expect(await boundaries("import Database from 'better-sqlite3';\nexport { Database };\n", 'electron/core/x.ts')).not.toEqual([]);
    expect(await boundaries("import { app } from 'electron';\nexport { app };\n", 'electron/services/x.ts')).toHaveLength(1);
    expect(await boundaries("import Database from 'better-sqlite3';\nexport { Database };\n", 'electron/adapters/db/x.ts')).toEqual([]);
  });

  it('a CLI file importing core/ or adapters/ fails lint; calling a service passes', async () => {
    const core = "import { buildGraph } from '../../core/graph/merge.js';\nexport { buildGraph };\n";
    const adapters = "import { WorkspaceStore } from '../../adapters/db/workspace-store.js';\nexport { WorkspaceStore };\n";
    expect(await boundaries(core, 'electron/cli/commands/new-command.ts')).toEqual([
      expect.stringContaining('the CLI calls electron/services'),
    ]);
    expect(await boundaries(adapters, 'electron/cli/commands/new-command.ts')).toEqual([
      expect.stringContaining('the CLI calls electron/services'),
    ]);
    expect(
      await boundaries(
        "import { Backend } from '../../services/backend.js';\nexport { Backend };\n",
        'electron/cli/commands/new-command.ts',
      ),
    ).toEqual([]);
    // Still plain Node: no native library, no Electron.
    expect(await boundaries("import sharp from 'sharp';\nexport { sharp };\n", 'electron/cli/commands/new-command.ts')).toHaveLength(1);
  });

  it('no CLI file is exempt (the debt list is gone): importing core/ or adapters/ fails in every one, run and record included', async () => {
    const core = (up: string) => `import { walk } from '${up}core/graph/walk.js';\nexport { walk };\n`;
    const adapters = (up: string) => `import { AdbServer } from '${up}adapters/adb/adb-client.js';\nexport { AdbServer };\n`;
    const files = [
      'electron/cli/main.ts',
      'electron/cli/context.ts',
      ...readdirSync(join(REPO_ROOT, 'electron/cli/commands'))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => `electron/cli/commands/${f}`),
    ];
    expect(files).toEqual(expect.arrayContaining(['electron/cli/commands/run.ts', 'electron/cli/commands/record.ts']));
    for (const file of files) {
      const up = file.startsWith('electron/cli/commands/') ? '../../' : '../';
      expect(await boundaries(core(up), file), file).toEqual([expect.stringContaining('the CLI calls electron/services')]);
      expect(await boundaries(adapters(up), file), file).toEqual([expect.stringContaining('the CLI calls electron/services')]);
    }
    expect(await boundaries(core('../'), 'electron/server/web-server.ts')).toEqual([
      expect.stringContaining('web mode calls electron/services'),
    ]);
  });

  it('a dynamic import() of core/ or adapters/ from the CLI or web mode fails lint too; of a service it passes', async () => {
    const dynamic = (what: string) => `export const load = async () => (await import('${what}')).x;\n`;
    const refused = async (code: string, path: string) =>
      (await lintAs(code, path)).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    expect(await refused(dynamic('../../core/analysis/stats/stratified-sample.js'), 'electron/cli/commands/tasks.ts')).toEqual([
      expect.stringContaining('the CLI calls electron/services'),
    ]);
    expect(await refused(dynamic('../../adapters/charts/echarts-renderer.js'), 'electron/cli/commands/analyze.ts')).toHaveLength(1);
    expect(await refused(dynamic('../adapters/blobs/blob-store.js'), 'electron/server/new-route.ts')).toEqual([
      expect.stringContaining('web mode calls electron/services'),
    ]);
    expect(await refused(dynamic('../../services/workspace/task-sample.js'), 'electron/cli/commands/tasks.ts')).toEqual([]);
    expect(await refused(dynamic('./commands/tasks.js'), 'electron/cli/main.ts')).toEqual([]);
  });

  it('web mode importing adapters/ or core/ fails lint', async () => {
    const adapters = "import { BlobStore } from '../adapters/blobs/blob-store.js';\nexport { BlobStore };\n";
    expect(await boundaries(adapters, 'electron/server/new-route.ts')).toEqual([
      expect.stringContaining('web mode calls electron/services'),
    ]);
    expect(
      await boundaries("import { walk } from '../core/graph/walk.js';\nexport { walk };\n", 'electron/server/new-route.ts'),
    ).toHaveLength(1);
    expect(
      await boundaries("import { Backend } from '../services/backend.js';\nexport { Backend };\n", 'electron/server/new-route.ts'),
    ).toEqual([]);
  });

  it('services never import a surface (web mode, CLI, the Electron shell)', async () => {
    expect(await boundaries("import { main } from '../cli/main.js';\nexport { main };\n", 'electron/services/x.ts')).toEqual([
      expect.stringContaining('services are used by the surfaces'),
    ]);
    expect(
      await boundaries("import { startWebServer } from '../server/web-server.js';\nexport { startWebServer };\n", 'electron/services/x.ts'),
    ).toHaveLength(1);
  });
});
