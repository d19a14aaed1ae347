import type { EventEnvelope } from '@pds/contracts';
import type { RawSqlClient } from '@pds/persistence';

/** Writes events into a context's outbox inside the caller's transaction. */
export async function writeOutbox(tx: RawSqlClient, schema: string, envelopes: readonly EventEnvelope<object>[]): Promise<void> {
  for (const envelope of envelopes) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "${schema}"."outbox" (id, organization_id, event_type, payload) VALUES ($1::uuid, $2::uuid, $3, $4::jsonb)`,
      envelope.id,
      envelope.organizationId,
      envelope.event,
      JSON.stringify(envelope),
    );
  }
}
