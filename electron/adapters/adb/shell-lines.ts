import type { Duplex } from 'node:stream';
import type { AdbServer } from './adb-client.js';

/**
 * A long-running shell command's output, line by line, as it comes (`getevent -lt`). The command
 * runs until `stop()` closes its stream (the device ends it then, as adbd does on a closed
 * stream); `ended` resolves with why it ended on its own (the phone went away).
 */
export interface ShellLines {
  stop(): void;
  ended: Promise<string>;
}

export async function shellLines(server: AdbServer, serial: string, command: string, onLine: (line: string) => void): Promise<ShellLines> {
  const stream = (await server.client.getDevice(serial).shell(command)) as Duplex;
  let rest = '';
  let stopped = false;
  stream.on('data', (d: Buffer) => {
    const text = rest + d.toString('utf8');
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) onLine(l.replace(/\r$/, ''));
  });
  const ended = new Promise<string>((resolve) => {
    stream.once('error', (e: Error) => resolve(stopped ? 'stopped' : `\`${command}\` failed: ${e.message}`));
    stream.once('close', () => resolve(stopped ? 'stopped' : `\`${command}\` ended (the phone went away?)`));
  });
  return {
    ended,
    stop: () => {
      stopped = true;
      stream.destroy();
    },
  };
}
