import type { ServiceApi, ServiceHandlers, EventSpec, MethodSpec } from './contract.js';
import { isEventSpec, isMethodSpec } from './contract.js';
import type { ApiContract, ServiceName } from './services.js';
import { apiContract } from './services.js';

export * from './contract.js';
export * from './services.js';

/** What `window.elderbench` is, in the desktop window and in web mode alike. */
export type ElderBenchApi = { [S in ServiceName]: ServiceApi<ApiContract[S]> };

/** What the backend implements. */
export type ElderBenchHandlers = { [S in ServiceName]: ServiceHandlers<ApiContract[S]> };

export interface ChannelInfo<S extends MethodSpec | EventSpec = MethodSpec | EventSpec> {
  service: ServiceName;
  name: string;
  /** `service.name`: the IPC channel suffix and the HTTP path segment. */
  channel: string;
  spec: S;
}

function channels<S extends MethodSpec | EventSpec>(pick: (s: MethodSpec | EventSpec) => s is S): ChannelInfo<S>[] {
  const out: ChannelInfo<S>[] = [];
  for (const service of Object.keys(apiContract) as ServiceName[]) {
    const contract = apiContract[service] as Record<string, MethodSpec | EventSpec>;
    for (const [name, spec] of Object.entries(contract)) {
      if (pick(spec)) out.push({ service, name, channel: `${service}.${name}`, spec });
    }
  }
  return out;
}

/** Every method channel, derived from the contract (never written by hand). */
export const METHOD_CHANNELS: readonly ChannelInfo<MethodSpec>[] = channels(isMethodSpec);
/** Every event channel, derived from the contract. */
export const EVENT_CHANNELS: readonly ChannelInfo<EventSpec>[] = channels(isEventSpec);

/** Prefix of every Electron IPC channel, so main can reject anything else outright. */
export const IPC_PREFIX = 'eb:';
