import type { Command } from 'commander';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult, table } from '../output.js';

export function registerDevices(program: Command, globals: () => GlobalOptions): void {
  program
    .command('devices')
    .description('list the devices on the adb server (--adb host:port), with model, Android version and screen')
    .action(async () => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const state = await backend.devices.refresh();
        if (!state.reachable) throw new CliError(state.problem ?? `cannot reach the adb server at ${state.server}`);
        const rows = await Promise.all(
          state.devices.map(async (d) => {
            if (d.state !== 'device') return { ...d, info: null };
            const info = await backend.devices.device(d.serial).info().catch(() => null);
            return { ...d, info };
          }),
        );
        printResult(g, { server: state.server, devices: rows }, (v) =>
          v.devices.length === 0
            ? `No devices on ${v.server}.`
            : table(
                v.devices.map((d) => [
                  d.serial, d.state, d.info?.model ?? d.model ?? '', d.info ? `Android ${d.info.release} (SDK ${d.info.sdk})` : '',
                  d.info ? `${d.info.screen.width}x${d.info.screen.height} @${d.info.density}dpi` : '',
                ]),
                ['serial', 'state', 'model', 'android', 'screen'],
              ),
        );
      } finally {
        backend.close();
      }
    });
}
