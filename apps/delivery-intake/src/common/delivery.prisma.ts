import { prismaClientProvider } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/delivery/client';

export const DELIVERY_SCHEMA = 'delivery';

/** The Prisma client of one delivery transaction (see DeliveryOutbox). */
export type DeliveryTx = Prisma.TransactionClient;

export const deliveryPrismaProvider = prismaClientProvider(PrismaClient);
