import { Provider } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';
import { PrismaClient } from '../generated/repos/client';

export const REPOS_SCHEMA = 'repos';

export const reposPrismaProvider: Provider = {
  provide: PrismaClient,
  useFactory: (db: Database) => new PrismaClient({ adapter: db.adapter }),
  inject: [DATABASE],
};
