import { prismaClientProvider } from '@pds/persistence';
import { PrismaClient } from '../generated/webhooks/client';

export const webhooksPrismaProvider = prismaClientProvider(PrismaClient);
