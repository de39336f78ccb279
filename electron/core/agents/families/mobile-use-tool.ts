/**
 * The qwen-agent "Nous" function-calling block declaring the `mobile_use` tool, shared by
 * GUI-Owl 1.5 (resolution 1000x1000) and Qwen-VL (999x999 for Qwen3-VL, the resized image
 * size for Qwen2.5-VL). Written from the documented structure; the action
 * names and argument spellings are the interface and are kept literally.
 */
export type MobileUseAction =
  'key' | 'click' | 'long_press' | 'swipe' | 'type' | 'system_button' | 'open' | 'wait' | 'answer' | 'interact' | 'terminate';

const DESCRIBE: Record<MobileUseAction, string> = {
  key: '`key`: send an adb keyevent; give its name in `text`.',
  click: '`click`: tap the point `coordinate` = [x, y].',
  long_press: '`long_press`: press and hold at `coordinate` for `time` seconds.',
  swipe: '`swipe`: slide the finger from `coordinate` to `coordinate2`.',
  type: '`type`: enter `text` into the focused input box.',
  system_button: '`system_button`: press `button` (Back, Home, Menu or Enter).',
  open: '`open`: open the app named in `text`.',
  wait: '`wait`: wait `time` seconds for the screen to change.',
  answer: '`answer`: give the answer to the user in `text`.',
  interact: '`interact`: ask the user in `text` to resolve something only they can decide.',
  terminate: '`terminate`: end the task and report `status` (success or failure).',
};

export function mobileUseTools(width: number, height: number, actions: readonly MobileUseAction[]): string {
  const tool = {
    type: 'function',
    function: {
      name: 'mobile_use',
      description: [
        'Use a touchscreen to interact with a mobile device, and take screenshots.',
        '* This is an interface to a mobile device with touchscreen. You can click, long press, swipe, type and press system buttons.',
        '* Some apps take time to start or to react; wait and look at the next screenshot when needed.',
        `* The screen's resolution is ${width}x${height}.`,
        '* Aim at the centre of the element you want to touch.',
      ].join('\n'),
      parameters: {
        properties: {
          action: {
            description: `The action to perform:\n${actions.map((a) => `* ${DESCRIBE[a]}`).join('\n')}`,
            enum: actions,
            type: 'string',
          },
          coordinate: {
            description: '(x, y): x pixels from the left edge, y pixels from the top edge. Required by click, long_press and swipe.',
            type: 'array',
          },
          coordinate2: { description: '(x, y) where a swipe ends. Required by swipe.', type: 'array' },
          text: { description: 'Required by key, type, open, answer and interact.', type: 'string' },
          time: { description: 'Seconds; used by long_press and wait.', type: 'number' },
          button: {
            description: 'Back, Home, Menu or Enter. Required by system_button.',
            enum: ['Back', 'Home', 'Menu', 'Enter'],
            type: 'string',
          },
          status: { description: 'Required by terminate.', enum: ['success', 'failure'], type: 'string' },
        },
        required: ['action'],
        type: 'object',
      },
    },
  };
  return `# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
${JSON.stringify(tool)}
</tools>

For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call>`;
}
