import type { Command } from 'commander';
import { Option } from 'commander';
import { startVirtualPhoneServer } from '../../virtual-phone/index.js';
import { SAMPLE_PHONE } from '../../services/devices/sample-phones.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info } from '../output.js';

interface PhoneOptions {
  port?: string;
  tcp?: string;
  count: string;
  locale: 'en' | 'zh';
  seed: string;
  profile: 'instant' | 'real';
  prop: string[];
  sample?: boolean;
}

export function registerPhone(program: Command, globals: () => GlobalOptions): void {
  program
    .command('phone')
    .description('start the built-in virtual phone(s) behind an ADB server (talk to it with adb -H 127.0.0.1 -P PORT)')
    .option('--port <port>', 'ADB server port (0 = any free port; default 5037, or none with --tcp)')
    .option('--tcp <base>', 'also serve each phone as a network device on 127.0.0.1:BASE, BASE+1, … (for `adb connect`)')
    .option('--count <n>', 'number of phones (vphone-1…N)', '1')
    .addOption(new Option('--locale <locale>', 'language of the phones').choices(['en', 'zh']).default('en'))
    .option('--seed <seed>', 'seed for dynamic content and timing (reproducible runs)', '1')
    .addOption(
      new Option(
        '--profile <profile>',
        'timing: instant, or real (a mid-range phone: slow captures, busy-screen dump errors, input latency, transport drops)',
      )
        .choices(['instant', 'real'])
        .default('instant'),
    )
    .option(
      '--sample',
      "the sample set's phone: Chinese, seed 11 and its frozen clock, as `demo` records and `graph explore` explores on (for `graph accept-routes`); overrides --locale and --seed",
    )
    .option(
      '--prop <key=value>',
      'a system property that differs (getprop), to play another phone, e.g. ro.product.cpu.abi=riscv64 (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .action(async (o: PhoneOptions) => {
      const g = globals();
      const num = (v: string, name: string, min: number, max: number): number => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name}: expected a whole number ${min}–${max}, got ${v}`, 2);
        return n;
      };
      const count = num(o.count, 'count', 1, 16);
      // With --tcp the phones are usually reached through a stock adb server on 5037, so ours stays off unless asked for.
      const port = o.port !== undefined ? num(o.port, 'port', 0, 65535) : o.tcp !== undefined ? null : 5037;
      const tcpBase = o.tcp !== undefined ? num(o.tcp, 'tcp', 0, 65535 - count + 1) : undefined;
      let server;
      try {
        server = await startVirtualPhoneServer({
          port,
          ...(tcpBase !== undefined ? { tcpBase } : {}),
          count,
          // The same content and clock as the phone a route was explored on, so its taps land where they did.
          ...(o.sample ? SAMPLE_PHONE : { locale: o.locale, seed: num(o.seed, 'seed', 0, 2 ** 31) }),
          profile: o.profile,
          props: Object.fromEntries(
            o.prop.map((kv) => {
              const eq = kv.indexOf('=');
              if (eq < 1) throw new CliError(`--prop: expected key=value, got ${kv}`, 2);
              return [kv.slice(0, eq), kv.slice(eq + 1)];
            }),
          ),
        });
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        if (err.code === 'EADDRINUSE') {
          throw new CliError(
            `a port is in use (${err.message.replace(/^.*EADDRINUSE:?\s*/, '')}): stop what holds it (adb kill-server for 5037), or pass --port 0 / another --tcp base`,
          );
        }
        throw e;
      }
      const ready = {
        event: 'ready',
        port: server.port,
        host: server.host,
        serials: server.serials,
        endpoints: server.endpoints,
        profile: server.profile,
      };
      if (g.json) process.stdout.write(`${JSON.stringify(ready)}\n`);
      else {
        if (port !== null)
          process.stdout.write(
            `Virtual phone ADB server on ${server.host}:${server.port}: ${server.serials.join(', ')} (${server.profile} timing)\n`,
          );
        for (const e of server.endpoints) process.stdout.write(`${e.serial}: network device at ${e.host}:${e.port}\n`);
        if (port !== null)
          info(
            `Try: adb -H 127.0.0.1 -P ${server.port} devices -l   (Ctrl+C or \`adb -H 127.0.0.1 -P ${server.port} kill-server\` stops it)`,
          );
        if (server.endpoints[0])
          info(`Try: adb connect ${server.endpoints[0].host}:${server.endpoints[0].port}   (Ctrl+C stops the phones)`);
      }
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
        void server.closed.then(resolve);
        // Started by the app's backend (Devices → Start a virtual phone): it goes when the backend goes.
        if (process.env.ELDERBENCH_EXIT_ON_STDIN_END === '1') process.stdin.on('end', resolve).resume();
      });
      await server.close();
      process.stdin.destroy(); // a stdin being read would keep the process alive
    });
}
