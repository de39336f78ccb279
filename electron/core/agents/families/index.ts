import type { ModelAdapterId } from '../../../../shared/schemas/agent-config.js';
import { autoglmFamily } from './autoglm.js';
import type { Family } from './family.js';
import { guiowlFamily } from './guiowl.js';
import { qwenVlFamily } from './qwen-vl.js';
import { uitarsFamily } from './uitars.js';
import { uivenusFamily } from './uivenus.js';
import { vlmFamily } from './vlm.js';

export const FAMILIES: Record<ModelAdapterId, Family> = {
  autoglm: autoglmFamily,
  uitars: uitarsFamily,
  guiowl: guiowlFamily,
  uivenus: uivenusFamily,
  'qwen-vl': qwenVlFamily,
  vlm: vlmFamily,
};
