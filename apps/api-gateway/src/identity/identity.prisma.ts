import { prismaClientProvider } from '@pds/persistence';
import { PrismaClient } from '../generated/identity/client';

export { PrismaClient as IdentityPrisma } from '../generated/identity/client';

export const identityPrismaProvider = prismaClientProvider(PrismaClient);
