import type { Duplex } from 'node:stream';
import type { ServedDevice } from './device-port.js';
import type { SocketReader } from './reader.js';
import { drainAndEnd, safeWrite } from './framing.js';

/**
 * Bare `adb shell`: a line-at-a-time prompt. Enough for a human poking at the phone; tools always
 * pass a command. `exit` or EOF ends the session.
 */
export async function serveInteractiveShell(socket: Duplex, reader: SocketReader, device: ServedDevice): Promise<void> {
  const ac = new AbortController();
  socket.once('close', () => ac.abort());
  const prompt = () => safeWrite(socket, `${device.deviceName}:/ $ `);
  prompt();
  let pending = '';
  for (;;) {
    const chunk = await reader.readSome();
    if (!chunk) break;
    pending += chunk.toString('utf8').replace(/\r\n?/g, '\n');
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line.trim() === 'exit') {
        await drainAndEnd(socket);
        return;
      }
      if (line.trim() !== '') await device.runShell(line, { signal: ac.signal, write: (d) => safeWrite(socket, d) });
      prompt();
    }
  }
  await drainAndEnd(socket);
}
