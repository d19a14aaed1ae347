import type { Provider, Type } from '@nestjs/common';
import { RepositoryController, RepositoryPreviewController, WorkItemArtifactController } from './repository.controller';

/** REST routes of the repos context; each forwards over the bus. The preview comes first (fixed segment). */
export const REPOS_CONTROLLERS: Type<unknown>[] = [RepositoryPreviewController, RepositoryController, WorkItemArtifactController];
export const REPOS_PROVIDERS: Provider[] = [];
