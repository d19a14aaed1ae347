import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Bounded contexts, in migration order; each owns one PostgreSQL schema of the same name and one
 * folder under prisma/.
 */
export const ALL_CONTEXTS = Object.freeze(['identity', 'strategy', 'delivery', 'webhooks', 'repos'] as const);
export type BoundedContext = (typeof ALL_CONTEXTS)[number];

/** The prisma/ folder: `PRISMA_DIR`, or found upwards from this file (source tree, dist/, image). */
export function prismaRoot(): string {
  if (process.env.PRISMA_DIR) return path.resolve(process.env.PRISMA_DIR);
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'prisma');
    if (existsSync(path.join(candidate, 'identity', 'schema.prisma'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('prisma/ folder not found; set PRISMA_DIR');
    dir = parent;
  }
}

export function migrationsDir(context: BoundedContext, root = prismaRoot()): string {
  return path.join(root, context, 'migrations');
}
