import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ErasureResponse, EventLogSubjects, emailAddressPattern, normalizeEmail } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { randomUUID } from 'node:crypto';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { ErasureRepository } from './erasure.repository';

/**
 * `POST /intake/erasures`: a stakeholder's name and address leave every submission and vote of the
 * organization, the intake outbox, and then the webhook dispatcher's stored events and delivery
 * records. The address matches in any case and with any `+tag`, as portal votes count it; the
 * content of the submissions stays. Idempotent: a second call finds nothing and answers zeros.
 * The dispatcher is asked after the commit (no transaction is held across a service call); should
 * it fail, the call fails and repeating it finishes the work.
 */
@Injectable()
export class ErasureService {
  constructor(
    @Inject(ErasureRepository) private readonly erasure: ErasureRepository,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async erase(auth: AuthContext, email: string): Promise<ErasureResponse> {
    assertCan(auth, Permission.PersonalDataErase);
    const intake = await this.outbox.transaction(async (tx, events) => {
      const counts = await this.erasure.erase(auth.organizationId, normalizeEmail(email), emailAddressPattern(email), tx);
      // The entry says that an erasure happened and what it changed, never whose data it was.
      const changes = Object.fromEntries(Object.entries(counts).map(([place, count]) => [place, { from: null, to: count }]));
      events.audit(auth, { action: 'erased', record: { type: 'erasure', id: randomUUID() }, changes });
      return counts;
    });
    const webhooks = await this.bus.request(EventLogSubjects.erase, { auth, body: { email } });
    return { ...intake, ...webhooks };
  }
}
