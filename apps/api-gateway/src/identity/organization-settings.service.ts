import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, AutoArchiveSettingsReply, IdentitySubjects, NotFoundError, OrganizationSettingsResponse, UpdateOrganizationSettingsDto, changesOf } from '@pds/contracts';
import { LookupCache } from '@pds/edge';
import { MessageBus } from '@pds/messaging';
import { Organization } from '../generated/identity/client';
import { IdentityOutbox } from './identity.outbox';
import { IdentityRepository, PortalOrganization } from './identity.repository';

/** An enabled portal's organization and its branding (name, accent colour or null for the default). */
export interface PortalBrand {
  organizationId: string;
  name: string;
  accentColor: string | null;
}

/** Browsers send origins lower-case, and a repeated entry means nothing more. */
function normalizeOrigins(origins: string[]): string[] {
  return [...new Set(origins.map((origin) => origin.toLowerCase()))];
}

/**
 * How long a replica may keep a slug's portal settings should the change broadcast be lost (at most
 * 5 s, as for API keys); a change this replica makes, or hears of, evicts at once.
 */
const PORTAL_CACHE_TTL_MS = 5000;
/** Slugs remembered per replica (unknown ones included, so that a flood of them costs no query each). */
const PORTAL_CACHE_ENTRIES = 10_000;
/**
 * Slugs are at most 55 characters (48 and a taken slug's suffix); a longer one in an address is
 * still looked up but not remembered, so that hostile addresses cannot fill the cache with long keys.
 */
const LONGEST_CACHED_SLUG = 64;

function toSettingsResponse(org: Organization): OrganizationSettingsResponse {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    portalEnabled: org.portalEnabled,
    portalAllowedOrigins: org.portalAllowedOrigins,
    portalAccentColor: org.portalAccentColor,
    autoArchiveDays: org.autoArchiveDays,
    createdAt: org.createdAt.toISOString(),
    updatedAt: org.updatedAt.toISOString(),
  };
}

/** The caller's organization and its settings (ADMIN), and the slug lookup of the public portal. */
@Injectable()
export class OrganizationSettingsService {
  /** The portal's settings by slug: every public portal request and page needs them. */
  private readonly portals: LookupCache<PortalOrganization | null>;

  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(IdentityOutbox) private readonly outbox: IdentityOutbox,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {
    this.portals = new LookupCache(PORTAL_CACHE_TTL_MS, (slug) => this.identity.findOrganizationBySlug(slug), PORTAL_CACHE_ENTRIES);
  }

  async get(auth: AuthContext): Promise<OrganizationSettingsResponse> {
    assertCan(auth, Permission.IdentityManage);
    return toSettingsResponse(await this.require(auth.organizationId));
  }

  async update(auth: AuthContext, dto: UpdateOrganizationSettingsDto): Promise<OrganizationSettingsResponse> {
    assertCan(auth, Permission.IdentityManage);
    const before = toSettingsResponse(await this.require(auth.organizationId));
    const data = {
      ...(dto.name !== undefined ? { name: dto.name } : {}),
      ...(dto.portalEnabled !== undefined ? { portalEnabled: dto.portalEnabled } : {}),
      ...(dto.portalAllowedOrigins !== undefined ? { portalAllowedOrigins: normalizeOrigins(dto.portalAllowedOrigins) } : {}),
      ...(dto.portalAccentColor !== undefined ? { portalAccentColor: dto.portalAccentColor?.toLowerCase() ?? null } : {}),
      ...(dto.autoArchiveDays !== undefined ? { autoArchiveDays: dto.autoArchiveDays } : {}),
    };
    // A body that changes nothing writes nothing (no new updatedAt, no entry), as for work items.
    const changes = changesOf(before, { ...before, ...data }, Object.keys(data));
    if (!changes) return before;
    const updated = await this.outbox.transaction(async (tx, events) => {
      const after = toSettingsResponse(await this.identity.updateOrganization(auth.organizationId, data, tx));
      events.audit(auth, { action: 'updated', record: { type: 'organization_settings', id: after.id }, changes });
      return after;
    });
    await this.dropPortalEverywhere(updated.slug);
    return updated;
  }

  /**
   * After the commit and before the answer: this replica forgets the slug at once, and the others
   * as soon as the broadcast that has reached NATS by then gets to them (a portal turned off stops
   * serving everywhere, as a revoked key does).
   */
  private async dropPortalEverywhere(slug: string): Promise<void> {
    this.forgetPortal(slug);
    this.bus.broadcast(IdentitySubjects.portalChanged, { slug });
    await this.bus.flush();
  }

  /** Another replica changed the portal's settings (broadcast to OrganizationSettingsHandler). */
  forgetPortal(slug: string): void {
    this.portals.evict(slug.toLowerCase());
  }

  /** Every organization with automatic archiving on (delivery's job asks over the bus; no caller). */
  async autoArchiveSettings(): Promise<AutoArchiveSettingsReply> {
    return { organizations: await this.identity.autoArchiveSettings() };
  }

  /** The origins allowed to call an enabled portal from a browser; none when the slug is unknown or its portal is off. */
  async portalOrigins(slug: string): Promise<readonly string[]> {
    const org = await this.portal(slug);
    return org?.portalEnabled ? org.portalAllowedOrigins : [];
  }

  /** The organization behind an enabled portal; 404 (as for an unknown slug) when its portal is off. */
  async requirePortal(slug: string): Promise<string> {
    return (await this.portalBrand(slug)).organizationId;
  }

  /** An enabled portal's organization with what brands its pages; 404 as requirePortal. */
  async portalBrand(slug: string): Promise<PortalBrand> {
    const org = await this.portal(slug);
    if (!org?.portalEnabled) throw new NotFoundError('Portal', slug);
    return { organizationId: org.id, name: org.name, accentColor: org.portalAccentColor };
  }

  private portal(slug: string): Promise<PortalOrganization | null> {
    const key = slug.toLowerCase();
    return key.length <= LONGEST_CACHED_SLUG ? this.portals.get(key) : this.identity.findOrganizationBySlug(key);
  }

  private async require(id: string): Promise<Organization> {
    const org = await this.identity.findOrganization(id);
    if (!org) throw new NotFoundError('Organization', id);
    return org;
  }
}
