import { Module } from '@nestjs/common';
import { ChangelogHandler } from './changelog/changelog.handler';
import { ChangelogService } from './changelog/changelog.service';
import { CommentHandler } from './comments/comment.handler';
import { CommentService } from './comments/comment.service';
import { deliveryOutboxProvider } from './common/delivery.outbox';
import { deliveryPrismaProvider } from './common/delivery.prisma';
import { IntakeHandler } from './intake/intake.handler';
import { IntakeService } from './intake/intake.service';
import { PortalHandler } from './intake/portal.handler';
import { PortalService } from './intake/portal.service';
import { LabelHandler } from './labels/label.handler';
import { LabelService } from './labels/label.service';
import { TeamService } from './labels/team.service';
import { RelationHandler } from './relations/relation.handler';
import { RelationRepository } from './relations/relation.repository';
import { RelationService } from './relations/relation.service';
import { SprintHandler } from './sprints/sprint.handler';
import { SprintRepository } from './sprints/sprint.repository';
import { SprintService } from './sprints/sprint.service';
import { ClassificationConsumer } from './work-items/classification.consumer';
import { ClassificationHandler } from './work-items/classification.handler';
import { WorkItemHandler } from './work-items/work-item.handler';
import { WorkItemReferences } from './work-items/work-item.references';
import { WorkItemRepository } from './work-items/work-item.repository';
import { WorkItemService } from './work-items/work-item.service';

/** Work items, relations, labels, comments, sprints, teams, intake, changelog. Served over the bus. */
@Module({
  controllers: [WorkItemHandler, RelationHandler, LabelHandler, SprintHandler, CommentHandler, IntakeHandler, PortalHandler, ChangelogHandler, ClassificationHandler],
  providers: [
    deliveryPrismaProvider,
    deliveryOutboxProvider,
    WorkItemRepository,
    WorkItemReferences,
    WorkItemService,
    ClassificationConsumer,
    RelationRepository,
    RelationService,
    LabelService,
    TeamService,
    SprintRepository,
    SprintService,
    CommentService,
    IntakeService,
    PortalService,
    ChangelogService,
  ],
})
export class DeliveryIntakeModule {}
