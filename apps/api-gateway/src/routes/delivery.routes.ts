import type { Provider, Type } from '@nestjs/common';
import { CommentController } from './comment.controller';
import { IntakeController } from './intake.controller';
import { LabelController, TeamController } from './label.controller';
import { RelationController } from './relation.controller';
import { SprintController } from './sprint.controller';
import { WorkItemController } from './work-item.controller';

/** REST routes of the delivery-intake context; each forwards over the bus. */
export const DELIVERY_CONTROLLERS: Type<unknown>[] = [
  WorkItemController,
  RelationController,
  LabelController,
  TeamController,
  SprintController,
  CommentController,
  IntakeController,
];
export const DELIVERY_PROVIDERS: Provider[] = [];
