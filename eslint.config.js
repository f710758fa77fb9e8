import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports go one way (ARCHITECTURE.md): shared code (components, lib, content) → sections and features → app;
 * sections never import features; server/ never imports src/, and src/ never imports server/.
 */
const importZones = [
  { target: './src/components', from: ['./src/sections', './src/features', './src/app'] },
  { target: './src/lib', from: ['./src/sections', './src/features', './src/app'] },
  {
    target: './src/content',
    from: ['./src/sections', './src/features', './src/app', './src/components', './src/lib'],
  },
  { target: './src/sections', from: ['./src/features', './src/app'] },
  { target: './src/features', from: ['./src/app'] },
  { target: './src', from: './server' },
  { target: './server', from: './src' },
  { target: './supabase', from: ['./src', './server'] },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'server/dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results',
      '.data',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
