// Lint: TypeScript recommended rules and Nx module boundaries (ARCHITECTURE.md section 1).
// Dependency direction: contracts <- foundation (config, observability, auth) <- infrastructure
// (persistence, messaging, http) <- runtime <- service apps <- standalone (the composition root).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const SERVICE_APPS = [
  '@pds/api-gateway',
  '@pds/strategy-discovery',
  '@pds/delivery-intake',
  '@pds/webhook-dispatcher',
  '@pds/repo-receiver',
  '@pds/mcp-server',
];

const boundaries = (allow = []) => [
  'error',
  {
    allow,
    enforceBuildableLibDependency: false,
    depConstraints: [
      { sourceTag: 'layer:contracts', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'layer:foundation', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:foundation'] },
      {
        sourceTag: 'layer:infrastructure',
        onlyDependOnLibsWithTags: ['layer:contracts', 'layer:foundation', 'layer:infrastructure'],
      },
      {
        sourceTag: 'layer:runtime',
        onlyDependOnLibsWithTags: ['layer:contracts', 'layer:foundation', 'layer:infrastructure'],
      },
      { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
      { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
    ],
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.nx/**', 'coverage/**', '**/*.mjs', '**/*.cjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(),
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // The composition root imports the app modules it composes; no other project may.
    files: ['apps/standalone/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(SERVICE_APPS) },
  },
  {
    // Service tests compose the apps they talk to over the bus, as the standalone run does.
    files: ['apps/**/*.spec.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(SERVICE_APPS) },
  },
  {
    // Command-line tools, tests and benchmarks talk to people on the console.
    files: ['tools/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', '**/*.spec.ts'],
    rules: { 'no-console': 'off' },
  },
);
