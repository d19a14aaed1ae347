import { Prisma } from '../generated/delivery/client';

/** A unique index refused the write: the record exists already (a concurrent duplicate included). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** The write's result, or null when a unique index refused it (the record exists already). */
export async function unlessDuplicate<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
