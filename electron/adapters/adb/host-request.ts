import net from 'node:net';
import type { AdbServerAddress } from './adb-client.js';

/**
 * One request to the adb server's smart socket (`<hex4 length><payload>`) for what adbkit has no
 * call for (`killforward`). Resolves with the reply after OKAY; rejects with FAIL's message.
 */
export function hostRequest(address: AdbServerAddress, request: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address.host, port: address.port });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`adb server did not answer ${request}`)));
    socket.once('connect', () => {
      const body = Buffer.from(request, 'utf8');
      socket.write(Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'latin1'), body]));
    });
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.once('error', reject);
    socket.once('close', () => {
      const reply = Buffer.concat(chunks).toString('utf8');
      if (reply.startsWith('OKAY')) resolve(reply.replace(/^(OKAY)+/, ''));
      else if (reply.startsWith('FAIL')) reject(new Error(reply.slice(8)));
      else reject(new Error(`adb server gave no answer to ${request}`));
    });
    socket.once('end', () => socket.end());
  });
}
