import { afterEach } from 'vitest';
import type { VirtualPhoneServer, VirtualPhoneServerOptions } from '../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../electron/virtual-phone/index.js';

/** Starts virtual phones on an ephemeral port for one test, and stops them after it. */
export function useVirtualPhones(): (opts?: Omit<VirtualPhoneServerOptions, 'port'>) => Promise<VirtualPhoneServer> {
  const started: VirtualPhoneServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.close()));
  });
  return async (opts = {}) => {
    const s = await startVirtualPhoneServer({ port: 0, ...opts });
    started.push(s);
    return s;
  };
}
