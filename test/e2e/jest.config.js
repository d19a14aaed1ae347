// The e2e contract suite: drives a started stack over HTTP only. E2E_MODE=standalone|distributed.
const path = require('node:path');
const { swcConfig } = require('../../tools/swc-config.cjs');

const mode = process.env.E2E_MODE || 'standalone';

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e-spec.ts'],
  // `*.distributed.e2e-spec.ts` kill processes and restart NATS: standalone has neither, so their
  // suites are `describeIn('distributed')` and show as skipped in the standalone run.
  testPathIgnorePatterns: ['/node_modules/'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcConfig(), swcrc: false }] },
  globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
  // Every response from the stack is checked against the OpenAPI document (support/openapi.ts).
  setupFilesAfterEnv: ['<rootDir>/test/e2e/support/validate-responses.ts'],
  testTimeout: 60_000,
  maxWorkers: 2,
  displayName: `e2e:${mode}`,
};
