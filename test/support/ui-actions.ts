import type { Action } from '../../shared/domain/action.js';
import type { UiNode } from '../../shared/domain/ui-node.js';
import { flattenUi, labelOf } from '../../shared/domain/ui-tree.js';
import type { DevicePort } from '../../electron/core/device/device-port.js';
import { toNorm } from '../../electron/core/geometry/coordinates.js';
import { parseUiXml } from '../../electron/core/ui/parse-ui-xml.js';

/** A Tap on the centre of the clickable element whose label starts with `text`, read from the live screen. */
export async function tapOn(device: DevicePort, text: string): Promise<Action> {
  const nodes = flattenUi(parseUiXml(await device.uiDump()));
  const hit = nodes.find((n: UiNode) => (n.clickable || n.checkable) && n.bounds && labelOf(n).startsWith(text));
  if (!hit?.bounds)
    throw new Error(
      `no clickable "${text}" on screen; saw: ${nodes
        .filter((n) => n.clickable)
        .map(labelOf)
        .join(', ')}`,
    );
  const info = await device.info();
  const b = hit.bounds;
  return { type: 'Tap', at: toNorm({ x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) }, info.screen) };
}

/** The virtual phone's ground-truth screen id. */
export async function screenId(device: DevicePort): Promise<string> {
  return (JSON.parse(await device.shell('cmd vphone state')) as { screen: string }).screen;
}

/** The ground-truth UI state: the screen id, plus the dialog covering it if any. */
export async function windowId(device: DevicePort): Promise<string> {
  return (await device.shell('cmd vphone window')).trim();
}
