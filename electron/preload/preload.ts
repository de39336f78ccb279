/**
 * The bridge: `window.elderbench` with one function per API method, each bound to its
 * own channel (no generic invoke), and `onX(listener) → unsubscribe` for events.
 * Runs sandboxed; bundled into one file because a sandboxed preload cannot require ours.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNELS, IPC_PREFIX, METHOD_CHANNELS } from '../../shared/api/index.js';
import type { IpcReply } from '../main/ipc-bridge.js';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(`${IPC_PREFIX}event`, (_event, message: { channel: string; payload: unknown }) => {
  for (const l of listeners.get(message.channel) ?? []) l(message.payload);
});

const api: Record<string, Record<string, unknown>> = {};
for (const c of METHOD_CHANNELS) {
  (api[c.service] ??= {})[c.name] = async (input: unknown) => {
    const reply = (await ipcRenderer.invoke(IPC_PREFIX + c.channel, input)) as IpcReply;
    if (reply.ok) return reply.result;
    // A plain Error with the wire fields; the renderer's ApiError.fromWire can rebuild it.
    throw Object.assign(new Error(reply.error.message), { code: reply.error.code, issues: reply.error.issues });
  };
}
for (const c of EVENT_CHANNELS) {
  (api[c.service] ??= {})[c.name] = (listener: Listener) => {
    const set = listeners.get(c.channel) ?? new Set<Listener>();
    listeners.set(c.channel, set);
    set.add(listener);
    return () => set.delete(listener);
  };
}

contextBridge.exposeInMainWorld('elderbench', api);
contextBridge.exposeInMainWorld('elderbenchPlatform', {
  transport: 'electron',
  blobUrl: (id: string) => `eb-blob://blob/${encodeURIComponent(id)}`,
  frameUrl: (id: string) => `eb-blob://frame/${encodeURIComponent(id)}`,
});
