import type { Command } from 'commander';
import { findAgentConfig, loadAgentConfigs } from '../../adapters/llm/agent-configs.js';
import { createAgent } from '../../adapters/llm/create-agent.js';
import { captureObservation } from '../../core/recording/capture.js';
import { performAction, toPixelAction } from '../../core/recording/perform-action.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolvePackage } from '../../services/devices/app-packages.js';
import { leaseOrFail, openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

interface SentMessage {
  role: string;
  parts: string[];
}

/** What went to the model, with images summarised (size, not bytes) — the key is never in a request body. */
function summariseRequest(body: string): { model: unknown; sampling: Record<string, unknown>; messages: SentMessage[] } {
  const req = JSON.parse(body) as { model?: unknown; messages?: { role: string; content: unknown }[] } & Record<string, unknown>;
  const { messages = [], model, ...rest } = req;
  const sampling = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'stream' && k !== 'stream_options'));
  return {
    model,
    sampling,
    messages: messages.map((m) => ({
      role: m.role,
      parts:
        typeof m.content === 'string'
          ? [m.content]
          : (m.content as { type: string; text?: string; image_url?: { url: string } }[]).map((p) =>
              p.type === 'text'
                ? (p.text ?? '')
                : `[image ${p.image_url?.url.slice(5, p.image_url.url.indexOf(';'))}, ${Math.round(((p.image_url?.url.length ?? 0) * 3) / 4 / 1024)} KiB]`,
            ),
    })),
  };
}

/** `elderbench agent try`: one live step — capture the device, ask the agent, show what was sent and received. */
export function registerAgentTry(agent: Command, globals: () => GlobalOptions): void {
  agent
    .command('try')
    .description('run one step of an agent on a live device and print what was sent and received (--execute also performs it)')
    .argument('<name>', 'agent name (see elderbench agent list)')
    .requiredOption('--device <serial>', 'device to look at')
    .requiredOption('--instruction <text>', 'the instruction, as a user would say it')
    .option('--execute', 'perform the returned action on the device')
    .action(async (name: string, o: { device: string; instruction: string; execute?: boolean }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        let config;
        try {
          config = findAgentConfig(loadAgentConfigs(backend.workspace.path), name);
        } catch (e) {
          throw new CliError(errorMessage(e));
        }
        if (o.execute) leaseOrFail(backend, o.device, `elderbench agent try ${name}`);
        const device = backend.devices.device(o.device);
        const [obs, info] = await Promise.all([captureObservation(device), device.info()]).catch((e: Error) => {
          throw new CliError(`${o.device}: ${e.message}`);
        });
        let ui = null;
        try {
          ui = parseUiXml(obs.xml);
        } catch {
          // The agent still gets the screenshot, as on a phone whose dump failed.
        }
        const sent: ReturnType<typeof summariseRequest>[] = [];
        const recordingFetch: typeof fetch = async (input, init) => {
          if (typeof init?.body === 'string') sent.push(summariseRequest(init.body));
          return fetch(input, init);
        };
        const a = (() => {
          try {
            return createAgent(config, { fetch: recordingFetch });
          } catch (e) {
            throw new CliError(errorMessage(e));
          }
        })();
        const r = await a
          .step({ screenshot: obs.screenshot, screen: info.screen, ui, currentApp: obs.foreground?.package ?? null }, o.instruction, [])
          .catch((e: Error) => {
            throw new CliError(`the model could not be asked: ${e.message}`);
          });
        let pixels = null;
        try {
          pixels = toPixelAction(r.action, info.screen, resolvePackage);
        } catch {
          // An app name we cannot resolve: shown as is.
        }
        if (o.execute && pixels) await performAction(device, r.action, pixels, sleep);
        printResult(
          g,
          {
            agent: name,
            device: o.device,
            screen: info.screen,
            foreground: obs.foreground,
            sent,
            received: { raw: r.raw, thought: r.thought, action: r.action, pixels, sentImage: r.sent, timings: r.timings, usage: r.usage },
            executed: Boolean(o.execute && pixels),
          },
          (v) =>
            [
              `Sent (${v.sent.length} request${v.sent.length === 1 ? '' : 's'}):`,
              ...v.sent.flatMap((s) => [
                `  model ${String(s.model)}  ${JSON.stringify(s.sampling)}`,
                ...s.messages.map((m) => `  [${m.role}] ${m.parts.join(' | ').slice(0, 600)}`),
              ]),
              'Received:',
              `  raw: ${v.received.raw}`,
              `  action: ${JSON.stringify(v.received.action)}`,
              `  pixels on ${v.screen.width}x${v.screen.height}: ${JSON.stringify(v.received.pixels)}`,
              `  reasoning ${v.received.timings.reasoning_ms.toFixed(0)} ms, parsing ${v.received.timings.parsing_ms.toFixed(1)} ms, tokens ${JSON.stringify(v.received.usage)}`,
              v.executed ? 'Performed on the device.' : 'Not performed (add --execute).',
            ].join('\n'),
        );
      } finally {
        backend.close();
      }
    });
}
