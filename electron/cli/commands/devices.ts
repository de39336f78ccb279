import type { Command } from 'commander';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult, table } from '../output.js';
import { registerStfDeviceOptions, stfDevicesAction } from './stf-devices.js';

export function registerDevices(program: Command, globals: () => GlobalOptions): void {
  const cmd = program
    .command('devices')
    .description(
      "list the devices on the adb server(s) (--adb host:port[,host:port…]), with model, Android version and screen; or a device farm's (--stf URL)",
    );
  registerStfDeviceOptions(cmd);
  cmd.action(async (o: { stf?: string; releaseClaims?: boolean }) => {
    const g = globals();
    if (o.stf || o.releaseClaims) return stfDevicesAction(g, o);
    const backend = openBackend(g);
    try {
      const state = await backend.devices.refresh();
      if (!state.reachable) throw new CliError(state.problem ?? `cannot reach the adb server at ${state.server}`);
      const rows = await Promise.all(
        state.devices.map(async (d) => {
          if (d.state !== 'device') return { ...d, info: null };
          const info = await backend.devices
            .device(d.serial)
            .info()
            .catch(() => null);
          return { ...d, info };
        }),
      );
      const several = state.server.includes(',');
      printResult(g, { server: state.server, problem: state.problem, devices: rows }, (v) =>
        [
          v.devices.length === 0
            ? `No devices on ${v.server}.`
            : table(
                v.devices.map((d) => [
                  d.serial,
                  ...(several ? [d.server ?? ''] : []),
                  d.state,
                  d.info?.model ?? d.model ?? '',
                  d.info ? `Android ${d.info.release} (SDK ${d.info.sdk})` : '',
                  d.info ? `${d.info.screen.width}x${d.info.screen.height} @${d.info.density}dpi` : '',
                  d.inUseBy ? `${d.inUseBy.purpose} (pid ${d.inUseBy.pid})` : '',
                ]),
                [several ? 'name' : 'serial', ...(several ? ['server'] : []), 'state', 'model', 'android', 'screen', 'in use by'],
              ),
          ...(v.problem ? ['', `Not reachable: ${v.problem}`] : []),
        ].join('\n'),
      );
    } finally {
      backend.close();
    }
  });
}
