// The e2e contract suite: drives a started stack over HTTP only. E2E_MODE=standalone|distributed.
const path = require('node:path');
const { swcConfig } = require('../../tools/swc-config.cjs');

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e-spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcConfig(), swcrc: false }] },
  globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
  displayName: `e2e:${process.env.E2E_MODE || 'standalone'}`,
};
