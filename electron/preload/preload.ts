/**
 * The bridge: `window.elderbench` with one function per API method, each bound to its
 * own channel (no generic invoke), and `onX(listener) → unsubscribe` for events.
 * Runs sandboxed; bundled into one file because a sandboxed preload cannot require ours.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_PREFIX } from '../../shared/api/index.js';
import { createApiClient } from '../../shared/api/client.js';
import type { IpcReply } from '../main/ipc-bridge.js';

const { api, dispatch } = createApiClient({
  call: async (channel, input) => {
    const reply = (await ipcRenderer.invoke(IPC_PREFIX + channel, input)) as IpcReply;
    if (reply.ok) return reply.result;
    // A plain Error with the wire fields; the renderer's ApiError.fromWire can rebuild it.
    throw Object.assign(new Error(reply.error.message), { code: reply.error.code, issues: reply.error.issues });
  },
});

ipcRenderer.on(`${IPC_PREFIX}event`, (_event, message: { channel: string; payload: unknown }) =>
  dispatch(message.channel, message.payload),
);

contextBridge.exposeInMainWorld('elderbench', api);
contextBridge.exposeInMainWorld('elderbenchPlatform', {
  transport: 'electron',
  blobUrl: (id: string) => `eb-blob://blob/${encodeURIComponent(id)}`,
  frameUrl: (id: string) => `eb-blob://frame/${encodeURIComponent(id)}`,
});
