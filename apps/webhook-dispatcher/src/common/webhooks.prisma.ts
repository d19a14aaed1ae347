import { prismaClientProvider } from '@pds/persistence';
import { PrismaClient } from '../generated/webhooks/client';

export const WEBHOOKS_SCHEMA = 'webhooks';

export const webhooksPrismaProvider = prismaClientProvider(PrismaClient);
