// Unit tests: *.spec.ts beside their file, compiled by swc with the build's options.
const { swcConfig, root } = require('./tools/swc-config.cjs');
const { paths } = require('./tsconfig.base.json').compilerOptions;

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

module.exports = {
  rootDir: root,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcConfig(), swcrc: false }] },
  moduleNameMapper,
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
};
