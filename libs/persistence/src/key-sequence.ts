/** The part of a Prisma (transaction) client that raw statements need. */
export interface RawSqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/**
 * The statement that takes the next number of a per-organization human key (WI-n, OKR-n): $1 is
 * the organization, $2 the scope; it returns `value`. The upsert takes a row lock that is held
 * until the surrounding transaction ends, so concurrent creates never share a number. Usable as a
 * CTE where the insert of the record should share its statement (see the work-item create).
 */
export const nextKeyNumberSql = (schema: string) =>
  `INSERT INTO "${schema}"."key_sequences" (organization_id, scope, value) VALUES ($1::uuid, $2, 1)
   ON CONFLICT (organization_id, scope) DO UPDATE SET value = "key_sequences".value + 1
   RETURNING value`;

/** Next number of a per-organization human key (see nextKeyNumberSql). */
export async function nextKeyNumber(tx: RawSqlClient, schema: string, organizationId: string, scope: string): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ value: number }[]>(nextKeyNumberSql(schema), organizationId, scope);
  return Number(rows[0].value);
}
