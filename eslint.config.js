import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { layersPlugin } from './eslint/layers.js';
import { gatewayPlugin } from './eslint/gateway-layers.js';
import { tablesPlugin } from './eslint/table-owners.js';
import { featuresPlugin } from './eslint/features.js';

/** Syntax no file may use. */
const RESTRICTED_EVERYWHERE = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'React escaping only: no dangerouslySetInnerHTML.',
  },
  {
    selector: "MemberExpression[property.name='innerHTML']",
    message: 'Never write innerHTML: let React escape text.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dev-dist/',
      // The gateway bundled for production and the browser tests (npm run build:gateway).
      'build/',
      'node_modules/',
      'data/',
      'test-results/',
      'bench-results/',
      'tests/unit/tooling/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    plugins: {
      layers: layersPlugin,
      gateway: gatewayPlugin,
      tables: tablesPlugin,
      features: featuresPlugin,
      'import-x': importX,
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'layers/no-cross-layer': 'error',
      'gateway/gateway-walls': 'error',
      'tables/table-owner': 'error',
      'features/no-cross-feature': 'error',
      // No module imports itself back through others, anywhere in the tree. A package never imports the
      // tree back, so the search stops at node_modules instead of parsing the packages (a third of lint).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', ...RESTRICTED_EVERYWHERE],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/api/ calls fetch (docs/architecture.md#the-pwa-layers).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Only src/api/ calls fetch.' },
        { object: 'self', property: 'fetch', message: 'Only src/api/ calls fetch.' },
        { object: 'globalThis', property: 'fetch', message: 'Only src/api/ calls fetch.' },
      ],
    },
  },
  {
    // Only src/db touches the Dexie tables (docs/architecture.md#the-pwa-layers: one module per store); others call its store functions.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'dexie', message: 'Only src/db uses Dexie: add a store function there.' }],
          patterns: [{ group: ['**/db/db'], message: 'Only src/db reads its tables: add a store function there.' }],
        },
      ],
    },
  },
  {
    // Small files and functions (docs/architecture.md#sizes): a screen is split into named parts.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The web unit files share a worker's modules (vitest.config.ts): a module mock applies only in a file
    // of its own project, named *.mocked.test.tsx.
    files: ['tests/unit/**/*.{ts,tsx}'],
    ignores: ['tests/unit/**/*.mocked.test.{ts,tsx}', 'tests/unit/tooling/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...RESTRICTED_EVERYWHERE,
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'A module mock needs modules of its own: name the file *.mocked.test.tsx (vitest.config.ts).',
        },
      ],
    },
  },
);
