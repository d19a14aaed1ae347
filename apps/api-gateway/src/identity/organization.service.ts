import { Inject, Injectable } from '@nestjs/common';
import { displayPrefix, generateApiKey, hashApiKey } from '@pds/auth';
import { AuditActorType, AuditSource, AuditVia, BootstrapOrganizationResponse, CreateOrganizationDto, Role } from '@pds/contracts';
import { randomBytes } from 'node:crypto';
import { toOrganizationResponse, toUserResponse } from './identity.mapper';
import { IdentityOutbox } from './identity.outbox';
import { IdentityRepository } from './identity.repository';

const MAX_SLUG_LENGTH = 48;

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'org';
}

@Injectable()
export class OrganizationService {
  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(IdentityOutbox) private readonly outbox: IdentityOutbox,
  ) {}

  /** Organization, its first ADMIN and that admin's key, all or nothing. The key is shown only here. */
  async bootstrap(dto: CreateOrganizationDto): Promise<BootstrapOrganizationResponse> {
    const apiKey = generateApiKey();
    return this.outbox.transaction(async (tx, events) => {
      let slug = slugify(dto.name);
      if (await this.identity.slugTaken(slug, tx)) slug = `${slug}-${randomBytes(3).toString('hex')}`;
      const organization = await this.identity.createOrganization(dto.name, slug, tx);
      const user = await this.identity.createUser(
        organization.id,
        { email: dto.adminEmail, name: dto.adminName ?? dto.adminEmail.split('@')[0], role: Role.ADMIN },
        tx,
      );
      const key = await this.identity.createApiKey(
        organization.id,
        {
          userId: user.id,
          name: 'Bootstrap admin key',
          role: Role.ADMIN,
          prefix: displayPrefix(apiKey),
          hash: hashApiKey(apiKey),
        },
        tx,
      );
      const operator: AuditSource = { organizationId: organization.id, actor: AuditActorType.OPERATOR, via: AuditVia.OPERATOR };
      events.audit(operator, { action: 'created', record: { type: 'organization', id: organization.id } });
      events.audit(operator, { action: 'created', record: { type: 'user', id: user.id }, changes: { role: { from: null, to: Role.ADMIN } } });
      events.audit(operator, { action: 'created', record: { type: 'api_key', id: key.id }, changes: { userId: { from: null, to: user.id }, role: { from: null, to: Role.ADMIN } } });
      return { organization: toOrganizationResponse(organization), user: toUserResponse(user), apiKey };
    });
  }
}
