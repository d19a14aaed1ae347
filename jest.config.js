// Unit tests: *.spec.ts beside their file, compiled by swc with the build's options.
const { swcConfig, root } = require('./tools/swc-config.cjs');
const { paths } = require('./tsconfig.base.json').compilerOptions;

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

// In-memory PGlite databases start from the build's data directory template instead of running
// initdb (2–4.5 s of CPU each, ~60 of them a run; libs/persistence/src/pglite-template.ts). Without a
// build they run initdb, slower but the same.
process.env.PGLITE_TEMPLATE_DIR ??= require('node:path').join(root, 'dist', 'pglite-template');

module.exports = {
  rootDir: root,
  // test/: the e2e suite's own helpers have unit specs too (its *.e2e-spec.ts need a stack: test/e2e/jest.config.js);
  // bench/: the benches' data generators.
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools', '<rootDir>/test', '<rootDir>/bench'],
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcConfig(), swcrc: false }] },
  moduleNameMapper,
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
  // Jest's default is one worker fewer than the cores: one on the two-core machines, where the second
  // core sat idle (258 s for the unit suite against 154 s with two, quiet; docs/benchmarks.md).
  maxWorkers: 2,
};
