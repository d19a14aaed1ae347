import { DeliveryTrashHandler } from './trash/trash.handler';
import { deliveryTrashProviders } from './trash/delivery-trash';
import { Module } from '@nestjs/common';
import { ChangelogHandler } from './changelog/changelog.handler';
import { ChangelogRepository } from './changelog/changelog.repository';
import { ChangelogService } from './changelog/changelog.service';
import { PublicChangelogHandler } from './changelog/public-changelog.handler';
import { PublicChangelogService } from './changelog/public-changelog.service';
import { CommentHandler } from './comments/comment.handler';
import { DiscoveryLocateService } from './discovery/discovery-locate.service';
import { DiscoveryWorkItemsService } from './discovery/discovery-work-items.service';
import { DiscoveryHandler } from './discovery/discovery.handler';
import { CommentRepository } from './comments/comment.repository';
import { CommentReferences } from './comments/comment.references';
import { CommentService } from './comments/comment.service';
import { deliveryOutboxProviders } from './common/delivery.outbox';
import { deliveryPrismaProvider } from './common/delivery.prisma';
import { ErasureHandler } from './intake/erasure.handler';
import { ErasureRepository } from './intake/erasure.repository';
import { ErasureService } from './intake/erasure.service';
import { IntakeHandler } from './intake/intake.handler';
import { IntakeCommentRepository } from './intake/intake-comment.repository';
import { IntakeRepository } from './intake/intake.repository';
import { IntakeService } from './intake/intake.service';
import { PortalHandler } from './intake/portal.handler';
import { PortalService } from './intake/portal.service';
import { LabelHandler } from './labels/label.handler';
import { LabelRepository } from './labels/label.repository';
import { LabelService } from './labels/label.service';
import { RelationHandler } from './relations/relation.handler';
import { RelationRepository } from './relations/relation.repository';
import { RelationService } from './relations/relation.service';
import { SprintHandler } from './sprints/sprint.handler';
import { SprintRepository } from './sprints/sprint.repository';
import { SprintService } from './sprints/sprint.service';
import { TeamHandler } from './teams/team.handler';
import { TeamRepository } from './teams/team.repository';
import { TeamService } from './teams/team.service';
import { AutoArchiveHandler } from './work-items/auto-archive.handler';
import { AutoArchiveJob } from './work-items/auto-archive.job';
import { ClassificationConsumer } from './work-items/classification.consumer';
import { ClassificationHandler } from './work-items/classification.handler';
import { WorkItemHandler } from './work-items/work-item.handler';
import { ReferencedRecords } from './work-items/referenced-records';
import { WorkItemReferences } from './work-items/work-item.references';
import { WorkItemRepository } from './work-items/work-item.repository';
import { WorkItemService } from './work-items/work-item.service';

/** Work items, relations, labels, comments, sprints, teams, intake, changelog. Served over the bus. */
@Module({
  controllers: [WorkItemHandler, RelationHandler, LabelHandler, TeamHandler, SprintHandler, CommentHandler, IntakeHandler, ErasureHandler, PortalHandler, PublicChangelogHandler, ChangelogHandler, ClassificationHandler, DiscoveryHandler, AutoArchiveHandler, DeliveryTrashHandler],
  providers: [
    deliveryPrismaProvider,
    ...deliveryOutboxProviders,
    WorkItemRepository,
    WorkItemReferences,
    WorkItemService,
    AutoArchiveJob,
    ClassificationConsumer,
    RelationRepository,
    RelationService,
    LabelRepository,
    LabelService,
    TeamRepository,
    TeamService,
    SprintRepository,
    {
      provide: ReferencedRecords,
      useFactory: (labels: LabelRepository, sprints: SprintRepository): ReferencedRecords => ({
        existingIds: (organizationId, kind, ids) => (kind === 'label' ? labels : sprints).existingIds(organizationId, ids),
      }),
      inject: [LabelRepository, SprintRepository],
    },
    SprintService,
    CommentRepository,
    CommentReferences,
    CommentService,
    IntakeRepository,
    IntakeCommentRepository,
    IntakeService,
    PortalService,
    ErasureRepository,
    ErasureService,
    ChangelogRepository,
    ChangelogService,
    PublicChangelogService,
    DiscoveryLocateService,
    DiscoveryWorkItemsService,
    ...deliveryTrashProviders,
  ],
})
export class DeliveryIntakeModule {}
