import { Prisma } from '../generated/delivery/client';

/** A unique index refused the write: the record exists already (a concurrent duplicate included). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
