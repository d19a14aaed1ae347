import { EventType } from '@pds/contracts';
import { buildEnvelope } from '@pds/messaging';
import { randomUUID } from 'node:crypto';
import { webhookBody } from './fan-out.service';

describe('webhook body', () => {
  it('never carries the contact data of an intake submitter', () => {
    const envelope = buildEnvelope(EventType.IntakeCreated, randomUUID(), { id: 'i', title: 't', submitterName: 'Ann', submitterEmail: 'ann@example.com' });
    const body = JSON.parse(webhookBody(envelope));
    expect(body.data).toEqual({ id: 'i', title: 't' });
    expect(Object.keys(body)).toEqual(['id', 'event', 'apiVersion', 'createdAt', 'organizationId', 'data']);
  });
});
