import { Provider } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';
import { PrismaClient } from '../generated/webhooks/client';

export const WEBHOOKS_SCHEMA = 'webhooks';

export const webhooksPrismaProvider: Provider = {
  provide: PrismaClient,
  useFactory: (db: Database) => new PrismaClient({ adapter: db.adapter }),
  inject: [DATABASE],
};
