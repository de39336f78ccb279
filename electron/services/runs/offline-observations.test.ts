import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { flattenUi, nodeAt } from '../../../shared/domain/ui-tree.js';
import { useTempDirs } from '../../../test/support/temp-dir.js';
import { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { sharp } from '../../adapters/images/sharp.js';
import { encodeScreenshot, encodeXml, SCREENSHOT_MEDIA_TYPE, XML_MEDIA_TYPE } from '../../adapters/observations/observation-sink.js';
import { UNRECORDED_TEXT } from '../../core/eval/offline-views.js';
import { offlineObserver } from './offline-observations.js';

/** The service that shows an offline agent its screen: the recorded one, or one drawn from it where the walk left it. */

const screen = { width: 1080, height: 2400 };
const attrs = (p: Record<string, string>) =>
  Object.entries({
    index: '0',
    text: '',
    'resource-id': '',
    class: 'android.widget.FrameLayout',
    package: 'com.vphone.weather',
    'content-desc': '',
    checkable: 'false',
    checked: 'false',
    clickable: 'false',
    enabled: 'true',
    focusable: 'false',
    focused: 'false',
    scrollable: 'false',
    'long-clickable': 'false',
    password: 'false',
    selected: 'false',
    ...p,
  })
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
// The day list (y 300–2100) scrolls; 明天 in it, the tab 城市 below it.
const XML =
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
  `<node ${attrs({ bounds: '[0,0][1080,2400]' })}>` +
  `<node ${attrs({ class: 'androidx.recyclerview.widget.RecyclerView', scrollable: 'true', bounds: '[0,300][1080,2100]' })}>` +
  `<node ${attrs({ class: 'android.widget.Button', text: '明天', clickable: 'true', bounds: '[40,900][1040,1050]' })}/>` +
  `</node>` +
  `<node ${attrs({ class: 'android.widget.Button', text: '城市', clickable: 'true', bounds: '[0,2200][540,2350]' })}/>` +
  `</node></hierarchy>`;

describe('offline observations: what the agent is shown', () => {
  const tmp = useTempDirs();
  let store: WorkspaceStore | null = null;
  afterEach(() => store?.close());

  async function workspace(): Promise<GraphNode> {
    store = WorkspaceStore.open(join(tmp(), 'ws'));
    const raw = Buffer.alloc(screen.width * screen.height * 3);
    for (let y = 0; y < screen.height; y++) raw.fill(y % 200, y * screen.width * 3, (y + 1) * screen.width * 3);
    const png = await sharp(raw, { raw: { ...screen, channels: 3 } })
      .png()
      .toBuffer();
    const shot = await store.putBlob(await encodeScreenshot(png), SCREENSHOT_MEDIA_TYPE);
    const xml = await store.putBlob(await encodeXml(XML), XML_MEDIA_TYPE);
    return {
      id: 'n0',
      done: false,
      flag: null,
      signature: { activity: 'com.vphone.weather/.Main', structure: [], structureKey: 'n0', anchors: [], widgetState: [], imageHash: null },
      representative: { demonstrationId: 1, idx: 0, screenshotBlob: shot.id, xmlBlob: xml.id },
      members: [],
      scrolls: [{ left: 0, top: 300, right: 1080, bottom: 2100 }],
    };
  }

  it('the recorded screen: its blob, its UI tree', async () => {
    const node = await workspace();
    const o = await offlineObserver(store!, screen, true)({ node, kind: 'recorded', scrolledPx: 0 });
    expect(o.blob).toBe(node.representative.screenshotBlob);
    expect(nodeAt(o.observation.ui!, 540, 975)?.text).toBe('明天');
    expect(o.observation.screenshot).not.toBeNull();
  });

  it('a page not recorded: a drawn screenshot stored as its own blob, a UI tree with the caption and nothing to tap', async () => {
    const node = await workspace();
    const o = await offlineObserver(store!, screen, true)({ node, kind: 'excursion', scrolledPx: 0 });
    expect(o.blob).not.toBe(node.representative.screenshotBlob);
    expect(store!.blobIndex.get(o.blob!)?.mediaType).toBe('image/png');
    expect(Buffer.compare(await store!.blobs.get(o.blob!), Buffer.from(o.observation.screenshot!))).toBe(0);
    const all = flattenUi(o.observation.ui!);
    expect(all.map((x) => x.text).filter(Boolean)).toEqual([UNRECORDED_TEXT]);
    expect(all.some((x) => x.clickable)).toBe(false);
    // A model-free agent gets no image, but the step still stores what was shown; the same view draws the same blob.
    const text = await offlineObserver(store!, screen, false)({ node, kind: 'excursion', scrolledPx: 0 });
    expect(text.observation.screenshot).toBeNull();
    expect(text.blob).toBe(o.blob);
  });

  it('the page scrolled: the list moved in the screenshot and the UI tree alike, the tab bar kept', async () => {
    const node = await workspace();
    const o = await offlineObserver(store!, screen, true)({ node, kind: 'scrolled', scrolledPx: 600 });
    expect(o.blob).not.toBe(node.representative.screenshotBlob);
    expect(nodeAt(o.observation.ui!, 540, 375)?.text).toBe('明天');
    expect(nodeAt(o.observation.ui!, 540, 975)?.text).not.toBe('明天');
    expect(nodeAt(o.observation.ui!, 270, 2275)?.text).toBe('城市');
    const { data } = await sharp(o.observation.screenshot!).raw().toBuffer({ resolveWithObject: true });
    expect(data[(400 * screen.width + 10) * 3]).toBe((400 + 600) % 200); // row 1000 moved up to 400
    expect(data[(2200 * screen.width + 10) * 3]).toBe(2200 % 200); // the tab bar stays
  });
});
