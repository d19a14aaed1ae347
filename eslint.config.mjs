// Lint: TypeScript recommended rules and Nx module boundaries (ARCHITECTURE.md section 1).
// Dependency direction: contracts <- foundation (config, observability, auth) <- infrastructure
// (persistence, messaging, http) <- runtime <- service apps <- standalone (the composition root).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import featureFolders from './tools/eslint/feature-folders.rule.cjs';

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
      // The published client stands alone: it knows the API only through the OpenAPI document.
      { sourceTag: 'layer:client', onlyDependOnLibsWithTags: [] },
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

// The map of each app: its feature folders (apps/<app>/src/<folder>/) and the folders each may
// import. The rule (tools/eslint/feature-folders.rule.cjs) refuses any other import between them
// and a table with a cycle. A new folder or edge is a line here, reviewed like code.
const FEATURE_FOLDERS = {
  'api-gateway': {
    identity: [],
    idempotency: [],
    auth: ['identity', 'idempotency'],
    routes: ['auth', 'identity', 'idempotency'],
    // The pages use the portal's rate limit and voter hash from routes, the slug lookup from identity.
    'portal-pages': ['identity', 'routes'],
  },
  'delivery-intake': {
    common: [],
    'named-records': ['common'],
    labels: ['common', 'named-records'],
    teams: ['common', 'named-records'],
    'work-items': ['common'],
    intake: ['common', 'work-items'],
    changelog: ['common', 'work-items'],
    comments: ['common', 'work-items'],
    relations: ['common', 'work-items'],
    sprints: ['common', 'teams', 'work-items'],
    discovery: ['intake', 'relations', 'sprints', 'work-items'],
    trash: ['common'],
  },
  'mcp-server': {
    records: [],
    context: ['records'],
    tools: ['context', 'records'],
    transport: ['tools'],
  },
  'repo-receiver': {
    common: [],
    links: [],
    connections: ['common'],
    inbox: ['common', 'connections'],
    artifacts: ['links'],
    processing: ['artifacts', 'connections', 'inbox', 'links'],
    'delivery-log': ['connections', 'inbox'],
  },
  'strategy-discovery': {
    database: [],
    references: [],
    records: ['database', 'references'],
    goals: ['database', 'records', 'references'],
    ckrs: ['database', 'records', 'references'],
    opportunities: ['ckrs', 'database', 'records', 'references'],
    solutions: ['database', 'opportunities', 'records', 'references'],
    experiments: ['database', 'records', 'references'],
    evidence: ['database', 'records', 'references'],
    search: ['database'],
    context: ['ckrs', 'evidence', 'experiments', 'goals', 'opportunities', 'solutions'],
    trash: ['database'],
  },
  'webhook-dispatcher': {
    common: [],
    security: ['common'],
    deliveries: ['common'],
    subscriptions: ['common', 'security', 'deliveries', 'audit'],
    sending: ['common', 'security', 'deliveries', 'subscriptions'],
    'fan-out': ['common', 'deliveries', 'sending'],
    events: ['common'],
    audit: ['common'],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.nx/**', 'coverage/**', '**/*.mjs', '**/*.cjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx, local: { rules: { 'feature-folders': featureFolders } } },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(),
      'local/feature-folders': ['error', { apps: FEATURE_FOLDERS }],
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
