import { IsEmail, MaxLength } from 'class-validator';
import { BodyRequest } from '../common/requests';
import { Field } from '../common/schema';

/** `POST /intake/erasures`: the address a stakeholder gave on the portal (any case, any `+tag`). */
export class ErasePersonalDataDto {
  @IsEmail()
  @MaxLength(320)
  email: string;
}

export class ErasePersonalDataRequest extends BodyRequest(ErasePersonalDataDto) {}

/** What the webhook dispatcher rewrote. */
export class WebhookErasureCounts {
  @Field.integer({ description: 'Stored event bodies (GET /events and every delivery of them) the address was removed from' }) events!: number;
  @Field.integer({ description: 'Deliveries whose recorded error named the address' }) deliveries!: number;
  @Field.integer({ description: 'Delivery attempts whose recorded response body held the address' }) attempts!: number;
}

/** What an erasure changed, per kind of stored data; zero everywhere when nothing was left to erase. */
export class ErasureResponse extends WebhookErasureCounts {
  @Field.integer({ description: 'Submissions whose submitter name and e-mail address were removed' }) submissions!: number;
  @Field.integer({ description: 'Portal votes that no longer say whose they were (they still count)' }) votes!: number;
  @Field.integer({ description: 'Waiting or published domain events of the intake context the address was removed from' }) outbox!: number;
}
