// Lint rule: no path in the code may lead out of the repository. A clone of the repository
// alone must build and pass its tests, so a fixture read from `../shared/…` or `/work/shared/…`
// (present on one machine, absent in a fresh clone) is an error here, not a surprise in CI.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const outside = (abs) => {
  const rel = relative(REPO_ROOT, abs);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
};

/** Absolute paths into this machine's shared folders, or any absolute path under /work. */
const MACHINE_PATH = /(^|[\s'"`=:(,])(\/work\/|\/mnt\/shared\/|[A-Za-z]:\\\\work\\\\)/;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid paths that leave the repository (a clone alone must build and pass its tests)' },
    schema: [],
    messages: {
      relative:
        '"{{value}}" leads out of the repository ({{resolved}}); copy what you need into the repository (test/fixtures/, docs/) and note its source',
      absolute:
        '"{{value}}" is a path on one machine, not in the repository; copy what you need into the repository and use a path relative to it',
      joined: 'this path goes up out of the repository into "{{name}}"; copy what you need into the repository instead',
    },
  },
  create(context) {
    const dir = dirname(context.filename);
    const check = (node, value) => {
      if (typeof value !== 'string' || value.length > 500) return;
      if (value.startsWith('../') || value.startsWith('..\\') || value === '..') {
        const resolved = resolve(dir, value.replace(/\\/g, '/'));
        if (outside(resolved)) context.report({ node, messageId: 'relative', data: { value, resolved } });
      } else if (MACHINE_PATH.test(value)) {
        context.report({ node, messageId: 'absolute', data: { value: value.slice(0, 80) } });
      }
    };
    // join(ROOT, '..', 'shared') and friends: climbing with a literal '..' and then naming a sibling.
    const checkJoin = (node) => {
      const args = node.arguments;
      for (let i = 0; i + 1 < args.length; i++) {
        const a = args[i];
        const b = args[i + 1];
        if (
          a.type === 'Literal' &&
          a.value === '..' &&
          b.type === 'Literal' &&
          typeof b.value === 'string' &&
          /^(shared|work)\b/.test(b.value)
        ) {
          context.report({ node, messageId: 'joined', data: { name: b.value } });
        }
      }
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked),
      CallExpression: checkJoin,
    };
  },
};
