// Lint = a few bug-catching rules + the layer boundaries. The boundaries are the point:
// each zone says what it may not import, and why. Do not relax them to make an import work.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noPathsOutsideRepo from './scripts/eslint-rules/no-paths-outside-repo.js';

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'worker_threads',
];
const NATIVE = ['better-sqlite3', 'sharp', '@devicefarmer/adbkit'];
/** The plain-Node backend, as seen from the Electron processes. */
const BACKEND = ['**/core/**', '**/adapters/**', '**/services/**', '**/server/**', '**/cli/**', '**/virtual-phone/**'];

const forbid = (groups, message) => ({ group: groups, message });
/** Every backend zone (services, web mode, CLI): plain Node, no native library outside electron/adapters. */
const BACKEND_PLAIN_NODE = [
  forbid(NATIVE, 'only electron/adapters touches native libraries and adbkit.'),
  forbid(['electron'], 'the backend is plain Node; only electron/main and electron/preload import Electron.'),
];
const SURFACE_CALLS_SERVICES = (who) =>
  forbid(
    ['**/core/**', '**/adapters/**'],
    `${who} calls electron/services (what the window calls), never core/ or adapters/ directly: add or reuse a service function.`,
  );
/**
 * `import('../core/…')` escapes no-restricted-imports (it sees only static imports): a surface's dynamic import of
 * core/ or adapters/ is refused by syntax instead.
 */
const SURFACE_DYNAMIC_IMPORTS = (who) => [
  'error',
  {
    // esquery's regex ends at the first "/", so the slashes are written \x2F.
    selector: 'ImportExpression[source.value=/(^|\\x2F)(core|adapters)\\x2F/]',
    message: `${who} calls electron/services (what the window calls), never core/ or adapters/ directly: add or reuse a service function.`,
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'coverage/**', '.workspace/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Floating promises hide failures: a promise is awaited, returned, handled, or marked a deliberate
    // fire-and-forget with `void`. The rule needs the type checker, so it runs with the projects' tsconfigs.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // A clone of the repository alone builds and passes its tests: no path may lead out of it.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { repo: { rules: { 'no-paths-outside-repo': noPathsOutsideRepo } } },
    rules: { 'repo/no-paths-outside-repo': 'error' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...NODE_BUILTINS, 'electron', 'react', 'react-dom', ...NATIVE],
              'shared/ holds contracts only: it runs in Node, Electron and the browser alike.',
            ),
            forbid(['**/electron/**', '**/renderer/**'], 'shared/ may not depend on an implementation.'),
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              ['electron', ...NATIVE],
              'electron/core is pure domain logic: receive a port instead of importing the device, DB or image library.',
            ),
            forbid(
              ['**/adapters/**', '**/services/**', '**/server/**', '**/cli/**', '**/main/**', '**/preload/**', '**/virtual-phone/**'],
              'electron/core may import only shared/ and itself.',
            ),
            forbid(
              ['node:fs', 'node:child_process', 'node:net', 'node:http', 'fs', 'child_process', 'net', 'http'],
              'electron/core does no I/O; the adapters do.',
            ),
          ],
        },
      ],
    },
  },
  {
    // Tests beside core logic may read fixture files; they still may not reach native modules.
    files: ['electron/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(['electron', ...NATIVE], 'electron/core tests exercise pure logic: pass fakes for ports.')] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...NODE_BUILTINS, 'electron', ...NATIVE, 'zod/v3'],
              'the renderer runs sandboxed in a browser: reach the backend through window.elderbench.',
            ),
            forbid(['**/electron/**'], 'the renderer talks to the backend only through the API in shared/api.'),
          ],
        },
      ],
    },
  },
  {
    files: ['electron/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...BACKEND_PLAIN_NODE,
            forbid(
              ['**/server/**', '**/cli/**', '**/main/**', '**/preload/**'],
              'services are used by the surfaces (window, web mode, CLI), never the other way round.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The two faces of one engine: web mode and the CLI call the same services as the window, never core or adapters.
    files: ['electron/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...BACKEND_PLAIN_NODE, SURFACE_CALLS_SERVICES('web mode')] }],
      'no-restricted-syntax': SURFACE_DYNAMIC_IMPORTS('web mode'),
    },
  },
  {
    files: ['electron/cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...BACKEND_PLAIN_NODE, SURFACE_CALLS_SERVICES('the CLI')] }],
      'no-restricted-syntax': SURFACE_DYNAMIC_IMPORTS('the CLI'),
    },
  },
  {
    files: ['electron/server/**/*.test.ts', 'electron/cli/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: BACKEND_PLAIN_NODE }] },
  },
  {
    files: ['electron/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['electron'], 'adapters run in the plain-Node backend.'),
            forbid(
              ['**/services/**', '**/server/**', '**/cli/**', '**/main/**', '**/preload/**'],
              'adapters are used by services, never the other way round.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['electron/virtual-phone/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [
                '**/core/**',
                '**/adapters/**',
                '**/services/**',
                '**/server/**',
                '**/cli/**',
                '**/main/**',
                '**/preload/**',
                '**/shared/**',
              ],
              'the virtual phone reaches the app only over the ADB wire protocol.',
            ),
            forbid(['electron'], 'the virtual phone is plain Node.'),
          ],
        },
      ],
    },
  },
  {
    // Two runtimes: Electron's main process only spawns the plain-Node backend and relays to it. Native
    // modules are built for the backend's Node, so loading one (or the backend itself) in main breaks the app.
    files: ['electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              NATIVE,
              "electron/main runs in Electron: native modules are built for the backend's Node and load only in electron/adapters.",
            ),
            forbid(
              BACKEND,
              'electron/main reaches the backend over its process boundary (IPC relay, events socket), never by importing it.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid([...NODE_BUILTINS, ...NATIVE], 'the preload runs sandboxed: contextBridge and ipcRenderer only.'),
            forbid(BACKEND, 'the preload reaches the backend only through the IPC channels derived from shared/api.'),
          ],
        },
      ],
    },
  },
);
