import { join } from 'node:path';
import type { Command } from 'commander';
import { RendererBuild } from '../../server/renderer-build.js';
import { startWebServer } from '../../server/web-server.js';
import { PACKAGE_ROOT, openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

export const RENDERER_DIST = join(PACKAGE_ROOT, 'dist', 'renderer');

export function registerServe(program: Command, globals: () => GlobalOptions): void {
  program
    .command('serve')
    .description('serve the app in web mode on 127.0.0.1 (open the printed URL in a browser)')
    .option('--port <port>', 'port to listen on (0 = any free port)', '0')
    .option('--host <host>', 'loopback address to bind: 127.0.0.1 or ::1', '127.0.0.1')
    .action(async (o: { port: string; host: string }) => {
      const g = globals();
      const port = Number(o.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port: not a port number: ${o.port}`, 2);
      const backend = openBackend(g);
      // A fresh clone has no built window yet: build it now, while the server already answers (with a page saying so).
      const renderer = new RendererBuild(PACKAGE_ROOT, RENDERER_DIST);
      if (!renderer.built()) {
        info('The window is not built yet (first start after a clone): building it now, usually under a minute…');
        renderer.ensure().then(
          () => info('The window is built; the page opens by itself.'),
          (e: unknown) => info(`Could not build the window: ${errorMessage(e)}. Run: npm run build:renderer`),
        );
      }
      let server;
      try {
        server = await startWebServer({
          backend,
          staticDir: RENDERER_DIST,
          rendererPending: () => renderer.pending(),
          host: o.host,
          port,
        });
      } catch (e) {
        backend.close();
        throw new CliError(errorMessage(e));
      }
      // The ready line: one JSON object for programs (the Electron shell, tests), a sentence for people.
      if (g.json) {
        process.stdout.write(
          `${JSON.stringify({ event: 'ready', url: server.url, openUrl: server.openUrl, port: server.port, token: server.token, workspace: backend.workspace.path })}\n`,
        );
      } else {
        info(`ElderBench web mode, workspace ${backend.workspace.path}`);
        process.stdout.write(`Open ${server.openUrl}\n`);
        info(
          process.stdin.isTTY
            ? 'Each link opens one page. Press Enter for another link, Ctrl+C to stop.'
            : 'Each link opens one page. Press Ctrl+C to stop.',
        );
      }
      await new Promise<void>((resolve) => {
        const stop = (): void => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        // The Electron shell closes our stdin when it quits; follow it.
        if (process.env.ELDERBENCH_EXIT_ON_STDIN_END === '1') process.stdin.on('end', stop).resume();
        // A person at the terminal gets a new single-use link per Enter (a second browser, a reopened tab).
        else if (!g.json && process.stdin.isTTY) {
          process.stdin.on('data', () => process.stdout.write(`Open ${server.newOpenUrl()}\n`)).resume();
          process.once('exit', () => process.stdin.pause());
        }
      });
      process.stdin.pause();
      await server.close();
      await backend.shutdown();
    });
}
