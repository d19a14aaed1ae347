import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiOperation } from '@nestjs/swagger';
import { Permission, ROLE_PERMISSIONS } from '@pds/auth';
import type { EventType } from '@pds/contracts';
import { Role } from '@pds/contracts';

/** Who may call an operation, from the permissions table: never written out by hand. */
export interface OperationAccess {
  /** The permission the service checks; `read` for plain reads. */
  requires?: Permission;
  /** Open to every role of the organization (`GET /me`). */
  anyRole?: true;
  /** A rule beside the table, in words (only the author edits a comment). */
  also?: string;
}

export interface OperationDocOptions extends OperationAccess {
  /** Webhook events the operation emits when it succeeds. */
  emits?: readonly EventType[];
}

/** The roles holding a permission, in the order of the Role enum (ADMIN first). */
export function rolesWith(permission: Permission): Role[] {
  return (Object.values(Role) as Role[]).filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** `Roles: ADMIN, PM (permission \`delivery.write\`).`, rendered from the table. */
export function accessLine(access: OperationAccess): string | undefined {
  const parts: string[] = [];
  if (access.anyRole) parts.push(`Roles: ${(Object.values(Role) as Role[]).join(', ')} (any key of the organization).`);
  else if (access.requires) parts.push(`Roles: ${rolesWith(access.requires).join(', ')} (permission \`${access.requires}\`).`);
  if (access.also) parts.push(access.also);
  return parts.length ? parts.join(' ') : undefined;
}

export function sideEffectsLine(emits: readonly string[] | undefined): string | undefined {
  if (!emits?.length) return undefined;
  return `Emits ${emits.map((event) => `\`${event}\``).join(', ')} to webhook subscribers.`;
}

/**
 * What an operation does, who may call it and what it sets off, in the OpenAPI document. The roles
 * come from the permissions table (libs/auth), so the document cannot disagree with the checks the
 * services make. `x-permission` keeps the permission machine-readable for clients and agents.
 *
 * ```ts
 * @Post(':id/publish')
 * @Doc('Publish a changelog entry', 'Stamps `publishedAt` and shows the entry on the portal.', { requires: Permission.ChangelogWrite, emits: ['changelog.published'] })
 * ```
 */
export function Doc(summary: string, description: string, options: OperationDocOptions = {}): MethodDecorator {
  const paragraphs = [description, accessLine(options), sideEffectsLine(options.emits)].filter(Boolean);
  return applyDecorators(
    ApiOperation({ summary, description: paragraphs.join('\n\n') }),
    ...(options.requires ? [ApiExtension('x-permission', options.requires)] : []),
    ...(options.emits?.length ? [ApiExtension('x-emits', [...options.emits])] : []),
  );
}
