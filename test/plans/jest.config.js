// The query-plans test (npm run test:plans): e2e specs on a distributed stack whose private PostgreSQL
// logs every plan (auto_explain), over a bulk-seeded large organization; the teardown fails on
// statements that read a growing table whole (test/plans/plan-walker.ts).
const path = require('node:path');
const e2e = require('../e2e/jest.config.js');

process.env.E2E_MODE = 'distributed';

/**
 * The e2e specs whose requests reach every statement family of the services (lists, filters, sorts,
 * gets, history, audit, events, deliveries, artifacts, intake, strategy, MCP), beside the request
 * script over the large organization (large-organization.plans-spec.ts). Specs about processes,
 * transport, hostile input or browsers add no statement and are left out to keep the run short.
 */
const SPECS = [
  'work-items',
  'delivery-work-items',
  'delivery-comments',
  'delivery-relations',
  'delivery-sprints',
  'delivery-labels-teams',
  'delivery-intake',
  'delivery-changelog',
  'portal-queries',
  'strategy-opportunities',
  'strategy-evidence',
  'strategy-experiments',
  'strategy-goals',
  'strategy-ckrs',
  'webhooks-delivery',
  'webhooks-subscriptions',
  'repos-linking',
  'repos-processing',
  'mcp-artifacts',
  'mcp-discovery-context',
  'mcp-tools',
  'audit',
  'events',
  'trash',
  'archive',
  'sort',
  'erasure',
  'users',
  'identity',
  'idempotency',
];

module.exports = {
  ...e2e,
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/e2e', '<rootDir>/test/plans'],
  testMatch: [...SPECS.map((name) => `<rootDir>/test/e2e/${name}.e2e-spec.ts`), '<rootDir>/test/plans/*.plans-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/plans/global-setup.ts',
  globalTeardown: '<rootDir>/test/plans/global-teardown.ts',
  displayName: 'plans',
};
