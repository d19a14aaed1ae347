import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, WebhookErasureCounts, emailAddressPattern } from '@pds/contracts';
import { PersonalDataRepository } from './personal-data.repository';

/**
 * The dispatcher's part of erasing a stakeholder's address (delivery-intake asks it after its own
 * part). Erasure wins over "exactly as delivered": a stored body is rewritten, so `GET /events`,
 * retries and redeliveries send the rewritten bytes from then on.
 */
@Injectable()
export class PersonalDataService {
  constructor(@Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository) {}

  erase(auth: AuthContext, email: string): Promise<WebhookErasureCounts> {
    assertCan(auth, Permission.PersonalDataErase);
    return this.personalData.erase(auth.organizationId, emailAddressPattern(email));
  }
}
