import { Provider } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';
import { PrismaClient } from '../generated/identity/client';

export { PrismaClient as IdentityPrisma } from '../generated/identity/client';

export const identityPrismaProvider: Provider = {
  provide: PrismaClient,
  useFactory: (db: Database) => new PrismaClient({ adapter: db.adapter }),
  inject: [DATABASE],
};
