import type { Command } from 'commander';
import { Option } from 'commander';
import { startVirtualPhoneServer } from '../../virtual-phone/index.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info } from '../output.js';

export function registerPhone(program: Command, globals: () => GlobalOptions): void {
  program
    .command('phone')
    .description('start the built-in virtual phone(s) behind an ADB server (talk to it with adb -H 127.0.0.1 -P PORT)')
    .option('--port <port>', 'ADB server port (0 = any free port)', '5037')
    .option('--count <n>', 'number of phones (vphone-1…N)', '1')
    .addOption(new Option('--locale <locale>', 'language of the phones').choices(['en', 'zh']).default('en'))
    .option('--seed <seed>', 'seed for dynamic content (reproducible runs)', '1')
    .action(async (o: { port: string; count: string; locale: 'en' | 'zh'; seed: string }) => {
      const g = globals();
      const num = (v: string, name: string, min: number, max: number): number => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name}: expected a whole number ${min}–${max}, got ${v}`, 2);
        return n;
      };
      let server;
      try {
        server = await startVirtualPhoneServer({
          port: num(o.port, 'port', 0, 65535),
          count: num(o.count, 'count', 1, 16),
          locale: o.locale,
          seed: num(o.seed, 'seed', 0, 2 ** 31),
        });
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        if (err.code === 'EADDRINUSE') {
          throw new CliError(`port ${o.port} is in use (another adb server?). Stop it (adb kill-server) or pass --port 0`);
        }
        throw e;
      }
      const ready = { event: 'ready', port: server.port, host: server.host, serials: server.serials };
      if (g.json) process.stdout.write(`${JSON.stringify(ready)}\n`);
      else {
        process.stdout.write(`Virtual phone ADB server on ${server.host}:${server.port}: ${server.serials.join(', ')}\n`);
        info(`Try: adb -H 127.0.0.1 -P ${server.port} devices -l   (Ctrl+C or \`adb -H 127.0.0.1 -P ${server.port} kill-server\` stops it)`);
      }
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
        void server.closed.then(resolve);
      });
      await server.close();
    });
}
