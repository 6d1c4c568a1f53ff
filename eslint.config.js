/**
 * `pnpm lint`: typescript-eslint's recommended rules, React's hook rules, and the architecture
 * (ARCHITECTURE.md) as import rules, so a boundary crossed is a CI failure, not a review comment:
 * - the SDK imports nothing of ours; the kernel no plugin or module; the kit and the client no server code;
 * - a plugin imports the SDK and, as types only, other plugins' published contracts (`@atende/plugin-x/api`),
 *   and their browser-safe `/values` as values;
 * - a module imports the kit, the client, contracts' types and their browser-safe `/values` — never another
 *   module or server code;
 * - the shell imports no module and no plugin (it loads modules at run time);
 * - no relative import leaves its own package (`atende/own-package`).
 * Tests may compose plugins and use `@atende/kernel/testing`. No type-aware rules: the suite of
 * `tsc` runs in `pnpm typecheck`, and this stays fast on 2 cores.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/** The nearest folder holding a package.json: the package a file belongs to. */
function packageRoot(file) {
  let dir = dirname(file)
  while (dir !== dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    dir = dirname(dir)
  }
  return dir
}

const ownPackage = {
  meta: {
    type: 'problem',
    messages: { leaves: '{{source}} reaches into another package; import its published entry instead.' },
    schema: [],
  },
  create(context) {
    const root = packageRoot(context.filename)
    const check = (node) => {
      const source = node.source?.value
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = resolve(dirname(context.filename), source)
      if (target !== root && !target.startsWith(root + sep))
        context.report({ node: node.source, messageId: 'leaves', data: { source } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

const SERVER = ['@atende/kernel', '@atende/kernel/*', '@atende/sdk']
const restrict = (patterns, paths = []) => ['error', { paths, patterns }]
const group = (names, message, allowTypeImports = false) => ({ group: names, message, allowTypeImports })

export default tseslint.config(
  // The scaffold's templates hold placeholders: scripts/test/create-plugin.test.ts lints what they generate, where it would live.
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.cache/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'scripts/create-plugin/template/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_x` names what is deliberately unused (a destructured field left out, an ignored argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A `let` read by a callback made before it is assigned (plugin wiring) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Shipped code keeps to its package; tests may still reach a neighbour's internals (module tests live in shell/test).
    files: ['core/*/src/**', 'plugins/*/src/**', 'modules/*/src/**', 'shell/src/**'],
    plugins: { atende: { rules: { 'own-package': ownPackage } } },
    rules: { 'atende/own-package': 'error' },
  },
  {
    files: ['modules/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}', 'core/ui/**/*.{ts,tsx}', 'core/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['core/sdk/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        group(['@atende/*'], 'The SDK is the bottom layer: it imports nothing of ours.'),
      ]),
    },
  },
  {
    files: ['core/kernel/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        group(
          ['@atende/plugin-*', '@atende/module-*', '@atende/ui', '@atende/client'],
          'The kernel knows no feature and no front end.',
        ),
      ]),
    },
  },
  {
    files: ['core/ui/src/**', 'core/client/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        group(
          [...SERVER, '@atende/plugin-*', '@atende/module-*'],
          'The kit and the client are front-end code: no server code, no feature.',
        ),
      ]),
    },
  },
  {
    files: ['plugins/*/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        group(['@atende/kernel', '@atende/kernel/*'], "A plugin uses the kernel through the SDK's Kernel it is given."),
        group(['@atende/ui', '@atende/client', '@atende/module-*'], 'A plugin is server code: no front end.'),
        // typescript-eslint lets a type import through when an allowTypeImports group matches it, so that group names the contract alone.
        // A regex: gitignore-style patterns cannot re-include a path under an excluded package name.
        {
          regex: '^@atende/plugin-[^/]+(/(?!(api|values)$).*)?$',
          message:
            'Another plugin is reached through its published contract (@atende/plugin-x/api) and its browser-safe values (/values) only.',
        },
        group(
          ['@atende/plugin-*/api'],
          "Another plugin's contract is imported as types (import type …); its services come from kernel.services.",
          true,
        ),
      ]),
    },
  },
  {
    files: ['modules/*/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        // `/values` entries are browser-safe constants (no imports): a module uses them as they are.
        group(
          SERVER.filter((s) => s !== '@atende/sdk'),
          'A module is front-end code: no server code.',
        ),
        { regex: '^@atende/sdk(/(?!values$).*)?$', message: 'A module is front-end code: no server code.' },
        // Like a plugin's /api: a module may publish components for others to bundle (contacts' form and
        // picker, which the tickets screens need even where the contacts module is switched off).
        // A regex: gitignore-style patterns cannot re-include a path under an excluded package name.
        {
          regex: '^@atende/module-[^/]+(/(?!components$).*)?$',
          message:
            'Another module is reached through its published components (@atende/module-x/components) or an extension slot (@atende/ui), never its internals.',
        },
        {
          regex: '^@atende/plugin-[^/]+(/(?!(api|values)$).*)?$',
          message: "Only a plugin's published contract (@atende/plugin-x/api, as types) and its constants (/values).",
        },
        group(['@atende/plugin-*/api'], "A plugin's contract is imported as types only.", true),
      ]),
    },
  },
  {
    files: ['shell/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        group(
          [...SERVER, '@atende/plugin-*', '@atende/module-*'],
          'The shell loads modules at run time and imports none, nor server code.',
        ),
      ]),
    },
  },
  {
    // A request from the server goes through the SDK's guardedFetch, which judges the address it
    // connects to (SECURITY.md, outbound requests). Calling fetch directly needs a disable comment
    // saying whose the URL is: only the deployment's own configuration (OPENAI_BASE_URL, ASAAS_URL…)
    // or a provider's servers may be reached that way, never an address a tenant typed.
    files: ['core/kernel/src/**', 'plugins/*/src/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Server requests use guardedFetch from '@atende/sdk' (the SSRF rule)." },
      ],
    },
  },
  {
    // Tests and scripts read loose JSON and drive internals on purpose.
    files: ['**/test/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
