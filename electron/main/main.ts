/**
 * The Electron main process: a thin shell. It starts the plain-Node backend (and restarts it if
 * it dies), opens a locked-down window on the bundled renderer served from app://elderbench, and
 * forwards each API call (validated, sender-checked) and each pushed event. No domain logic and
 * no native module here. See docs/security.md for each defence and how it is tested.
 */
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell, utilityProcess } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IPC_PREFIX } from '../../shared/api/index.js';
import { APP_INDEX_URL, APP_SCHEME, isOwnRendererUrl, RENDERER_CSP, resolveAppFile } from './app-protocol.js';
import { BACKEND_ARGS, BACKEND_ARGS_ENV, startBackendProcess, startBackendUtility } from './backend-process.js';
import { BackendWatchdog } from './backend-watchdog.js';
import type { EventsSocket } from './events-socket.js';
import { connectEvents } from './events-socket.js';
import { registerApiHandlers } from './ipc-bridge.js';
import { denyAllPermissions, installNavigationGuards } from './navigation-guards.js';
import { errorMessage } from '../../shared/error-message.js';

const ROOT = join(__dirname, '..', '..', '..');
const RENDERER_DIR = join(ROOT, 'dist', 'renderer');
const PRELOAD = join(__dirname, '..', 'preload', 'preload.cjs');

// Before `ready`: app:// is a standard, secure origin (fetch and storage behave as on https);
// eb-blob:// serves images by id. Neither may be used by anything but our handlers.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: 'eb-blob', privileges: { standard: true, secure: true } },
]);

async function boot(): Promise<void> {
  let win: BrowserWindow | null = null;
  let events: EventsSocket | null = null;
  // Packaged: the backend runs in an Electron utility process (Electron's Node, the native modules rebuilt for it),
  // so the binary needs no runAsNode fuse. Development: a plain Node process, whose native modules `npm install`
  // built for that Node (docs/architecture.md, "Native modules and the two runtimes").
  const BIN = join(ROOT, 'bin', 'elderbench.js');
  const watchdog = new BackendWatchdog({
    start: () =>
      app.isPackaged
        ? startBackendUtility(() =>
            utilityProcess.fork(BIN, [], {
              stdio: 'pipe',
              serviceName: 'ElderBench backend',
              env: { ...process.env, [BACKEND_ARGS_ENV]: JSON.stringify(BACKEND_ARGS) },
            }),
          )
        : startBackendProcess({ command: process.env.ELDERBENCH_NODE ?? 'node', args: [BIN, ...BACKEND_ARGS], env: process.env }),
    onDown: ({ code, signal, restarting }) => {
      const why = signal ? `was stopped (${signal})` : `exited (code ${code ?? '?'})`;
      console.error(`backend ${why}${restarting ? '; restarting' : '; giving up'}`);
      if (win && !win.isDestroyed()) {
        void dialog.showMessageBox(win, {
          type: restarting ? 'warning' : 'error',
          title: 'ElderBench',
          message: restarting ? 'The ElderBench backend stopped unexpectedly. Restarting it…' : 'The ElderBench backend keeps stopping.',
          detail: restarting
            ? `It ${why}. Your recorded work is saved step by step; a run in progress can be resumed from the Runs page.`
            : `It ${why} several times in a row. Close ElderBench and start it again; if it happens again, run "elderbench serve" in a terminal to see the error.`,
        });
      }
    },
    onUp: () => events?.reconnect(),
  });
  await watchdog.start();
  app.on('before-quit', () => {
    events?.close();
    watchdog.stop();
  });
  const backend = () => {
    const h = watchdog.current();
    if (!h) throw new Error('the backend is restarting; try again in a moment');
    return h;
  };

  registerApiHandlers(
    ipcMain,
    async (channel, input, opts) => {
      const h = backend();
      const res = await net.fetch(`${h.url}api/${channel}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${h.token}`,
          'Content-Type': 'application/json',
          // Only after the user said yes in the dialog below; the backend accepts it only with our owner token.
          ...(opts?.confirmed ? { 'X-ElderBench-Confirmed': '1' } : {}),
        },
        body: JSON.stringify({ input }),
      });
      return (await res.json()) as { result?: unknown; error?: never };
    },
    isOwnRendererUrl,
    undefined,
    async (request) => {
      if (!win || win.isDestroyed()) return false;
      const { response } = await dialog.showMessageBox(win, {
        type: 'warning',
        title: 'ElderBench needs your confirmation',
        message: request.title,
        detail: request.detail,
        buttons: ['Cancel', 'Confirm'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      });
      return response === 1;
    },
  );

  // app://elderbench/…: the built renderer, and nothing else, with the window's CSP.
  protocol.handle(APP_SCHEME, async (req) => {
    const hit = resolveAppFile(req.url, RENDERER_DIR);
    if (!hit) return new Response('not found', { status: 404 });
    try {
      return new Response(await readFile(hit.file), {
        headers: { 'Content-Type': hit.type, 'Content-Security-Policy': RENDERER_CSP, 'X-Content-Type-Options': 'nosniff' },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });

  // eb-blob://blob/<sha256> and eb-blob://frame/<id>: images by id, fetched from the backend with its token.
  protocol.handle('eb-blob', (req) => {
    const u = new URL(req.url);
    const kind = u.hostname === 'frame' ? 'frames' : 'blobs';
    const id = u.pathname.replace(/^\//, '');
    const h = backend();
    return net.fetch(`${h.url}${kind}/${encodeURIComponent(id)}`, { headers: { Authorization: `Bearer ${h.token}` } });
  });

  denyAllPermissions(session.defaultSession, (m) => console.error(m));

  win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'ElderBench',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });
  installNavigationGuards(
    win.webContents,
    isOwnRendererUrl,
    (url) => void shell.openExternal(url),
    (m) => console.error(m),
  );

  events = connectEvents({
    target: () => {
      const h = watchdog.current();
      return h ? { url: h.url, token: h.token } : null;
    },
    onEvent: (message) => {
      if (win && !win.isDestroyed()) win.webContents.send(`${IPC_PREFIX}event`, message);
    },
    log: (m) => console.error(m),
  });

  await win.loadURL(APP_INDEX_URL);
}

app
  .whenReady()
  .then(boot)
  .catch((e: unknown) => {
    console.error(`ElderBench could not start: ${errorMessage(e)}`);
    dialog.showErrorBox('ElderBench could not start', `${errorMessage(e)}\n\nRun "elderbench serve" in a terminal to see more.`);
    app.exit(1);
  });
app.on('window-all-closed', () => app.quit());
