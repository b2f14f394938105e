// One lint setup for the whole repository.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = (dir) => path.join(root, 'apps/web/src', dir);
/** Every folder under features/ is a feature (a page or an area such as admin). */
const features = fs
  .readdirSync(web('features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      'data/**',
      '**/test-results/**',
      '**/e2e/artifacts/**',
      'bench/.lighthouse/**',
      // React Router's generated route types (react-router typegen).
      '**/.react-router/**',
      // apps/web/src/recipes.test.tsx's scratch copy of the route table, while it runs.
      '**/.recipe-check/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Promises that are dropped or handed where a callback's result is ignored hide failures.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // Imports are resolved to files (zones compare file paths), TypeScript extensions included.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // One-way imports: routes -> features -> shared; features never import each other.
      // Absolute paths, so the zones hold wherever eslint runs from (vite/conventions.test.ts).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: web('components'), from: web('features') },
            { target: web('lib'), from: web('features') },
            { target: web('sections'), from: web('features') },
            ...features.map((feature) => ({
              target: web(`features/${feature}`),
              from: web('features'),
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@cedar/web', '@cedar/api'],
              message: 'packages never import from apps',
            },
            {
              group: ['react', 'react-dom', 'fastify', '@mantine/*'],
              message: 'packages stay framework-free',
            },
          ],
        },
      ],
    },
  },
);
