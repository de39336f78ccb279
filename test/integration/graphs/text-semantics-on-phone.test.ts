import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AgentConfig, ModelAdapterId } from '../../../shared/schemas/agent-config.js';
import type { Action } from '../../../shared/domain/action.js';
import { FAMILIES } from '../../../electron/core/agents/families/index.js';
import { contentCandidates } from '../../../electron/core/graph/content.js';
import { typedValue } from '../../../electron/core/graph/typed-text.js';
import { performAction, toPixelAction } from '../../../electron/core/recording/perform-action.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { Backend } from '../../../electron/services/backend.js';
import { resolvePackage } from '../../../electron/services/devices/app-packages.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { tapOn } from '../../support/ui-actions.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * What each adapter's text action does to a field that already holds text, on a phone (the virtual phone
 * through the real device path: adbkit, the ADB wire protocol, ADBKeyboard), against what the offline walk
 * records for it (core/graph/page-model.ts typedValue). A `vlm` `type` appends; AutoGLM's Type replaces.
 */

/** One Type reply in each adapter's own format. */
const TYPE_REPLY: Record<ModelAdapterId, (text: string) => string> = {
  vlm: (t) => `Thought: type it.\n${JSON.stringify({ action: 'type', text: t })}`,
  autoglm: (t) => `<think>type it</think><answer>do(action="Type", text="${t}")</answer>`,
  uitars: (t) => `Thought: type it.\nAction: type(content='${t}')`,
  uivenus: (t) => `<think>type it</think>\n<action>Type(content='${t}')</action>\n<conclusion>typed</conclusion>`,
  'qwen-vl': (t) =>
    `Action: type it\n<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: { action: 'type', text: t } })}\n</tool_call>`,
  guiowl: (t) =>
    `Action: type it\n<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: { action: 'type', text: t } })}\n</tool_call>`,
};

const parsed = (family: ModelAdapterId, text: string): Extract<Action, { type: 'Type' }> => {
  const f = FAMILIES[family];
  const ctx = { config: { name: family, adapter: family } as AgentConfig, variant: f.defaultVariant, now: new Date() };
  const a = f.parse(TYPE_REPLY[family](text), { kind: 'relative', max: 1000 }, ctx, []).action;
  if (a.type !== 'Type') throw new Error(`${family}: not a Type: ${JSON.stringify(a)}`);
  return a;
};

/** The field's value as graph content reads it (normalized, a short number in one form). */
async function fieldValue(device: DevicePort, id: string): Promise<string> {
  const all = contentCandidates(parseUiXml(await device.uiDump()), DEFAULT_SIGNATURE_CONFIG, 'p');
  const v = all.find((c) => c.key.endsWith(`|com.android.deskclock:id/${id}`));
  if (!v) throw new Error(`no field ${id} on screen`);
  return v.value;
}

describe('typing into a field that already holds text: the phone and the offline walk agree on what it then holds', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it("each adapter's Type, on a prefilled label and on the alarm's prefilled hour 07", async () => {
    const server = await phones({ locale: 'zh' });
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: `127.0.0.1:${server.port}` });
    try {
      const device = backend.devices.device('vphone-1');
      const screen = (await device.info()).screen;
      const act = (a: Action): Promise<void> => performAction(device, a, toPixelAction(a, screen, resolvePackage), sleep);
      const openEditor = async (): Promise<void> => {
        await device.shell('am force-stop com.android.deskclock');
        await device.launch('com.android.deskclock');
        await act(await tapOn(device, '添加闹钟'));
      };
      for (const family of Object.keys(TYPE_REPLY) as ModelAdapterId[]) {
        // A label that already says 吃药 (typed by a vlm agent), then the family's Type of 提醒.
        await openEditor();
        await act(await tapOn(device, '标签'));
        await act(parsed('vlm', '吃药'));
        const before = await fieldValue(device, 'label_input');
        expect(before, family).toBe('吃药');
        const typed = parsed(family, '提醒');
        await act(typed);
        const onPhone = await fieldValue(device, 'label_input');
        expect(onPhone, `${family}: the walk records what the phone's field holds`).toBe(typedValue(before, typed.text, typed.clear));
        expect(onPhone, family).toBe(family === 'autoglm' ? '提醒' : '吃药提醒');

        // The hour field shows 07: typing 6 without clearing never makes the hour 6, on the phone or offline.
        await openEditor();
        await act(await tapOn(device, '07'));
        const hourBefore = await fieldValue(device, 'hour_input');
        const six = parsed(family, '6');
        await act(six);
        const hour = await fieldValue(device, 'hour_input');
        const walked = typedValue(hourBefore, six.text, six.clear);
        if (six.clear) expect([hour, walked], family).toEqual(['6', '6']);
        else {
          // The app keeps two digits (07), the walk the appended text (076): neither is the hour 6.
          expect(hour, family).toBe('7');
          expect(walked, family).toBe('76');
        }
      }
    } finally {
      backend.close();
    }
  }, 180_000);
});
