import { Injectable } from '@nestjs/common';
import { ERASED } from '@pds/contracts';
import type { DeliveryTx } from '../common/delivery.prisma';

/** What the intake context erased of one address. */
export interface IntakeErasureCounts {
  submissions: number;
  votes: number;
  outbox: number;
}

/** An address column normalized in SQL as normalizeEmail does it (lower case, `+tag` dropped). */
const normalized = (column: string) => `regexp_replace(lower(btrim(${column})), '\\+[^@]*(@[^@]*)$', '\\1')`;

/**
 * Where the intake context keeps a stakeholder's name and address: a portal submission's submitter
 * fields, a portal vote's address (and the hash of its client address), and the outbox's copies
 * of events. In the caller's transaction (with its audit entry): all of it or nothing.
 */
@Injectable()
export class ErasureRepository {
  /** `email` normalized (normalizeEmail); `pattern` finds its spellings in text (emailAddressPattern). */
  async erase(organizationId: string, email: string, pattern: string, tx: DeliveryTx): Promise<IntakeErasureCounts> {
    const submissions = await tx.$executeRawUnsafe(
      `UPDATE delivery.intake_submissions SET submitter_name = NULL, submitter_email = NULL
        WHERE organization_id = $1::uuid AND submitter_email IS NOT NULL AND ${normalized('submitter_email')} = $2`,
      organizationId,
      email,
    );
    // The vote still counts; it no longer says whose it was.
    const votes = await tx.$executeRawUnsafe(
      `UPDATE delivery.intake_votes SET email = NULL, address_hash = NULL
        WHERE organization_id = $1::uuid AND email IS NOT NULL AND ${normalized('email')} = $2`,
      organizationId,
      email,
    );
    const outbox = await tx.$executeRawUnsafe(
      `UPDATE delivery.outbox SET payload = regexp_replace(payload::text, $2, $3, 'gi')::jsonb
        WHERE organization_id = $1::uuid AND payload::text ~* $2`,
      organizationId,
      pattern,
      ERASED,
    );
    return { submissions, votes, outbox };
  }
}
