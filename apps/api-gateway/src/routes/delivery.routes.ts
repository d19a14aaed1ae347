import type { Provider, Type } from '@nestjs/common';
import { OrganizationSettingsController } from './organization-settings.controller';
import { OrganizationSettingsService } from '../identity/organization-settings.service';
import { ChangelogController } from './changelog.controller';
import { CommentController } from './comment.controller';
import { IntakeController } from './intake.controller';
import { IntakeErasureController } from './intake-erasure.controller';
import { LabelController, TeamController } from './label.controller';
import { PortalRateLimitGuard } from './portal-rate-limit.guard';
import { PortalChangelogController } from './portal-changelog.controller';
import { PortalController } from './portal.controller';
import { RelationController } from './relation.controller';
import { SprintController } from './sprint.controller';
import { TrashController } from './trash.controller';
import { WorkItemController } from './work-item.controller';

/**
 * REST routes of the delivery-intake context; each forwards over the bus. The organization
 * settings live in identity but are registered here with the portal that needs them.
 */
export const DELIVERY_CONTROLLERS: Type<unknown>[] = [
  WorkItemController,
  RelationController,
  LabelController,
  TeamController,
  SprintController,
  CommentController,
  IntakeErasureController,
  IntakeController,
  PortalController,
  PortalChangelogController,
  ChangelogController,
  OrganizationSettingsController,
  TrashController,
];
export const DELIVERY_PROVIDERS: Provider[] = [OrganizationSettingsService, PortalRateLimitGuard];
