import { setTimeout as sleep } from 'node:timers/promises';
import { findAgentConfig, loadAgentConfigs } from '../../adapters/llm/agent-configs.js';
import { createAgent } from '../../adapters/llm/create-agent.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { captureObservation } from '../../core/recording/capture.js';
import { performAction, toPixelAction } from '../../core/recording/perform-action.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * One live step of an agent (`agent try`): capture the device, ask the agent as a run would, and perform the action
 * when asked to. The caller's `fetch` sees every request (the CLI prints what was sent); the key stays in the
 * environment. Failures say which part failed: the agent's configuration, the device, or the model.
 */
export async function tryAgentStep(
  deps: {
    workspace: string;
    device: DevicePort;
    deviceName: string;
    fetch: typeof fetch;
    /** The package an agent's LaunchApp names: the workspace's task set names its apps (services/devices/app-packages.ts). */
    resolvePackage: (app: string) => string | null;
    /** Called once the agent is known, before the device is touched (the CLI holds the device here). */
    beforeDevice?: () => void;
  },
  o: { agent: string; instruction: string; execute: boolean },
) {
  const config = findAgentConfig(loadAgentConfigs(deps.workspace), o.agent);
  deps.beforeDevice?.();
  const [obs, info] = await Promise.all([captureObservation(deps.device), deps.device.info()]).catch((e: Error) => {
    throw new Error(`${deps.deviceName}: ${e.message}`);
  });
  let ui = null;
  try {
    ui = parseUiXml(obs.xml);
  } catch {
    // The agent still gets the screenshot, as on a phone whose dump failed.
  }
  const agent = createAgent(config, { fetch: deps.fetch });
  const r = await agent
    .step({ screenshot: obs.screenshot, screen: info.screen, ui, currentApp: obs.foreground?.package ?? null }, o.instruction, [])
    .catch((e: unknown) => {
      throw new Error(`the model could not be asked: ${errorMessage(e)}`);
    });
  let pixels = null;
  try {
    pixels = toPixelAction(r.action, info.screen, deps.resolvePackage);
  } catch {
    // An app name we cannot resolve: shown as is.
  }
  if (o.execute && pixels) await performAction(deps.device, r.action, pixels, sleep);
  return { screen: info.screen, foreground: obs.foreground, result: r, pixels, executed: Boolean(o.execute && pixels) };
}
