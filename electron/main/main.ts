/**
 * The Electron main process: a thin shell. It starts the plain-Node backend, opens a
 * locked-down window on the bundled renderer, and forwards each API call (validated,
 * sender-checked) and each pushed event. No domain logic and no native module here.
 */
import { app, BrowserWindow, ipcMain, net, protocol, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { IPC_PREFIX } from '../../shared/api/index.js';
import type { BackendHandle } from './backend-process.js';
import { startBackendProcess } from './backend-process.js';
import { isOwnRendererUrl, registerApiHandlers } from './ipc-bridge.js';

const ROOT = join(__dirname, '..', '..', '..');
const RENDERER_INDEX = join(ROOT, 'dist', 'renderer', 'index.html');
const PRELOAD = join(__dirname, '..', 'preload', 'preload.cjs');

protocol.registerSchemesAsPrivileged([{ scheme: 'eb-blob', privileges: { standard: true, secure: true } }]);

async function boot(): Promise<void> {
  // Packaged: Electron's own binary runs the backend in Node mode, with modules rebuilt for it.
  const packaged = app.isPackaged;
  const backend: BackendHandle = await startBackendProcess({
    command: packaged ? process.execPath : (process.env.ELDERBENCH_NODE ?? 'node'),
    args: [join(ROOT, 'bin', 'elderbench.js'), '--json', 'serve', '--port', '0'],
    env: { ...process.env, ...(packaged ? { ELECTRON_RUN_AS_NODE: '1' } : {}) },
  });
  app.on('before-quit', () => backend.process.stdin?.end());

  const rendererUrl = pathToFileURL(RENDERER_INDEX).toString();
  registerApiHandlers(
    ipcMain,
    async (channel, input) => {
      const res = await net.fetch(`${backend.url}api/${channel}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return (await res.json()) as { result?: unknown; error?: never };
    },
    (url) => isOwnRendererUrl(url, rendererUrl),
  );

  // eb-blob://blob/<sha256> and eb-blob://frame/<id>: images by id, fetched from the backend with its token.
  protocol.handle('eb-blob', (req) => {
    const u = new URL(req.url);
    const kind = u.hostname === 'frame' ? 'frames' : 'blobs';
    const id = u.pathname.replace(/^\//, '');
    return net.fetch(`${backend.url}${kind}/${encodeURIComponent(id)}`, {
      headers: { Authorization: `Bearer ${backend.token}` },
    });
  });

  // Nothing the app shows needs a permission (camera, notifications, …).
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));

  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'ElderBench',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (e, url) => {
    if (!isOwnRendererUrl(url, rendererUrl)) e.preventDefault();
  });

  const events = new WebSocket(`${backend.url.replace(/^http/, 'ws')}events`, {
    headers: { Authorization: `Bearer ${backend.token}` },
  });
  events.on('message', (data) => {
    if (!win.isDestroyed()) win.webContents.send(`${IPC_PREFIX}event`, JSON.parse(String(data)));
  });

  await win.loadFile(RENDERER_INDEX);
}

app.whenReady().then(boot).catch((e: unknown) => {
  console.error(`ElderBench could not start: ${(e as Error).message}`);
  app.exit(1);
});
app.on('window-all-closed', () => app.quit());
