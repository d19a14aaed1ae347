import { Provider } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';
import { PrismaClient } from '../generated/delivery/client';

export const DELIVERY_SCHEMA = 'delivery';

export const deliveryPrismaProvider: Provider = {
  provide: PrismaClient,
  useFactory: (db: Database) => new PrismaClient({ adapter: db.adapter }),
  inject: [DATABASE],
};
