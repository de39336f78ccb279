import { parentPort, workerData } from 'node:worker_threads';
import type { VirtualPhoneServerOptions } from '../../virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../virtual-phone/index.js';

/**
 * A virtual phone server in a thread of its own (started by startPhonesApart): drawing screens and
 * answering ADB then runs beside the code driving the phone, on another core. Posts the server's port
 * and serials when it is up; closes the server and ends when told "close".
 */
const server = await startVirtualPhoneServer(workerData as VirtualPhoneServerOptions);
parentPort!.postMessage({ port: server.port, serials: server.serials });
parentPort!.on('message', (m) => {
  if (m === 'close') void server.close().then(() => process.exit(0));
});
