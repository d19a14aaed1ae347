// swc options for the build and for jest, derived from tsconfig.base.json so path aliases are
// declared once. Decorator metadata is on: Nest's injection and class-transformer need it.
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function swcConfig() {
  const { paths } = require(path.join(root, 'tsconfig.base.json')).compilerOptions;
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths,
    },
    module: { type: 'commonjs', ignoreDynamic: true },
    sourceMaps: true,
  };
}

module.exports = { swcConfig, root };
