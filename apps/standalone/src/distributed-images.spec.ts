import { openPglite } from '@pds/persistence';

// The distributed images are built without PGlite, its Prisma adapter and the schema engine
// (docker/Dockerfile, target `distributed`): nothing the distributed apps load at start may require
// them. Here requiring any of them throws.
jest.mock('@electric-sql/pglite', () => {
  throw new Error('@electric-sql/pglite is not in the distributed images but was loaded');
});
jest.mock('pglite-prisma-adapter', () => {
  throw new Error('pglite-prisma-adapter is not in the distributed images but was loaded');
});
jest.mock('@prisma/schema-engine-wasm/schema_engine_bg', () => {
  throw new Error('@prisma/schema-engine-wasm is not in the distributed images but was loaded');
});

describe('distributed apps without PGlite and the schema engine', () => {
  it.each(['@pds/api-gateway', '@pds/strategy-discovery', '@pds/delivery-intake', '@pds/webhook-dispatcher', '@pds/repo-receiver', '@pds/mcp-server'])(
    '%s loads',
    async (app) => {
      await expect(import(app)).resolves.toHaveProperty('__esModule', true);
    },
  );

  it('PGlite is required only when the standalone run or a test opens it', async () => {
    await expect(openPglite()).rejects.toThrow('@electric-sql/pglite is not in the distributed images');
  });
});
