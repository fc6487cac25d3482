// Flat config: typescript-eslint (type-aware), import boundaries and no cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Client import boundaries (bulletproof-react), beside the client lines of the
// zones below: imports flow app -> features -> components -> lib, and a
// feature never imports another feature. One zone per folder of
// src/client/features, so a new feature is covered without an edit here.
const clientFeatures = readdirSync(new URL('./src/client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need down to components/ or lib/.',
  })),
  {
    target: './src/client/lib',
    from: './src/client/components',
    message: 'lib/ has no UI: it does not import components/.',
  },
  {
    target: ['./src/client/features', './src/client/components', './src/client/lib'],
    from: './src/client/app',
    message: 'Only app/ wires things together; nothing imports it.',
  },
];

// Server module boundaries: a module's repository.ts is imported only from
// inside its own folder (others go through its service.ts), and no routes
// file imports any repository. One zone per folder of src/server/modules;
// src/server/testing/ (factories writing straight to the database) is exempt.
const serverModules = readdirSync(new URL('./src/server/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = [
  ...serverModules.map((module) => ({
    target: `./src/server/{*.ts,!(modules|testing)/**/*.ts,modules/!(${module})/**/*.ts}`,
    from: `./src/server/modules/${module}/repository.ts`,
    message: `Only modules/${module}/ imports its repository: use modules/${module}/service.ts.`,
  })),
  {
    target: './src/server/modules/*/*routes.ts',
    from: './src/server/modules/*/repository.ts',
    message: 'Routes are HTTP only: they call a service, never a repository.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'src/client/public/**',
    ],
  },
  js.configs.recommended,
  // The strict type-checked preset: it finds conditions that are always true,
  // promises left floating, template strings that print "[object Object]"…
  // The few rules below it tune what is purely a matter of style.
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...clientZones,
            ...serverZones,
            {
              target: './src/shared',
              from: ['./src/server', './src/client', './src/widget'],
              message: 'shared/ is pure: it imports nothing from server, client or widget.',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'The client talks to the server over HTTP only.',
            },
            {
              target: './src/server',
              from: ['./src/client', './src/widget'],
              message: 'The server never imports browser code.',
            },
            {
              target: './src/widget',
              from: ['./src/server', './src/client'],
              message: 'The widget has no dependencies beyond shared/.',
            },
            {
              target: './src/client/components',
              from: './src/client/features',
              message: 'UI primitives do not know about features.',
            },
            {
              target: './src/client/lib',
              from: './src/client/features',
              message: 'lib/ does not know about features.',
            },
          ],
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Fastify plugins and handlers are async by convention, awaited or not.
      '@typescript-eslint/require-await': 'off',
      // A switch over a union names every member, so adding one fails here.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Numbers and booleans read fine in a message; objects and nullish values do not.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // `() => setOpen(false)` in JSX and `(x) => void promise` are idioms, not mistakes.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'e2e/**',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'src/server/testing/**',
      '*.config.ts',
    ],
    rules: {
      'no-console': 'off',
      // response.json() is untyped by design in inject() tests.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // `rows[0]!` after an assertion on the length: a wrong guess fails the test anyway.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Teardown runs after a setup that may have failed half-way, where the
      // types say every variable was set (`await server?.stop()`).
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'scripts/*.mjs'],
    // Plain Node scripts, read without type information (the spread's own
    // languageOptions turn the project service off for them).
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
);
