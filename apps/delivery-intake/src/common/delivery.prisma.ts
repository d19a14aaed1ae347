import { prismaClientProvider } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/delivery/client';

export const DELIVERY_SCHEMA = 'delivery';

/** The Prisma client of one delivery transaction (see DeliveryOutbox). */
export type DeliveryTx = Prisma.TransactionClient;

/** The models whose records go to the trash: every Prisma call leaves their deleted rows out. */
export const DELIVERY_SOFT_DELETED = ['WorkItem', 'Sprint', 'Label', 'Team', 'IntakeSubmission', 'ChangelogEntry'] as const;

export const deliveryPrismaProvider = prismaClientProvider(PrismaClient, DELIVERY_SOFT_DELETED);
