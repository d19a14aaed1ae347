import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { defineValidator, urlProblem } from '../common/decorators';
import { WorkItemStatus, enumValues } from '../common/enums';
import { ListQuery } from '../common/pagination';
import { IsNullable, IsOptionalNonNull } from '../common/validation';
import { LinkSource, RepoProvider } from './repo.enums';

export const MAX_REPO_FULL_NAME_LENGTH = 255;
export const MAX_REPO_WEB_URL_LENGTH = 2048;
export const MAX_BRANCH_NAME_LENGTH = 255;
export const MAX_PREVIEW_TEXT_LENGTH = 65_536;

const STATUSES = enumValues(WorkItemStatus);

/** Why a string is not an acceptable repository web URL, or null: https only, no credentials. */
export function repoWebUrlProblem(value: unknown): string | null {
  return urlProblem(value, MAX_REPO_WEB_URL_LENGTH, ['https']);
}

const IsRepoWebUrl = defineValidator(
  'isRepoWebUrl',
  (args) => `${args.property} ${repoWebUrlProblem(args.value) ?? 'is invalid'}`,
  (value) => repoWebUrlProblem(value) === null,
);

const AutomationStatus = (): PropertyDecorator =>
  applyDecorators(IsNullable(), IsIn(STATUSES, { message: `$property must be a work-item status (${STATUSES.join(', ')}) or null` }));

/** Status automations: each trigger moves linked items to a status, or does nothing (null, the default). */
export class RepoAutomationsDto {
  @AutomationStatus()
  onBranchCreated?: WorkItemStatus | null;

  @AutomationStatus()
  onPullRequestOpened?: WorkItemStatus | null;

  @AutomationStatus()
  onPullRequestDraft?: WorkItemStatus | null;

  @AutomationStatus()
  onPullRequestMerged?: WorkItemStatus | null;

  @AutomationStatus()
  onPullRequestClosed?: WorkItemStatus | null;
}

const BranchName = (): PropertyDecorator => applyDecorators(IsOptionalNonNull(), IsString(), MinLength(1), MaxLength(MAX_BRANCH_NAME_LENGTH));

const Automations = (): PropertyDecorator => applyDecorators(IsOptionalNonNull(), ValidateNested(), Type(() => RepoAutomationsDto));

/** `owner/name` on GitHub; `group/subgroup/name` on GitLab (any depth). */
const FULL_NAME_RE = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/;

export class CreateRepositoryDto {
  @IsIn(enumValues(RepoProvider), { message: 'provider must be one of: GITHUB, GITLAB' })
  provider: RepoProvider;

  @IsString()
  @MaxLength(MAX_REPO_FULL_NAME_LENGTH)
  @Matches(FULL_NAME_RE, { message: 'fullName must be "owner/name" (GitLab: "group/subgroup/name")' })
  fullName: string;

  @IsOptionalNonNull()
  @IsRepoWebUrl()
  webUrl?: string;

  @BranchName()
  defaultBranch?: string;

  @Automations()
  automations?: RepoAutomationsDto;
}

export class UpdateRepositoryDto {
  @Automations()
  automations?: RepoAutomationsDto;

  @IsOptionalNonNull()
  @IsBoolean()
  active?: boolean;

  @BranchName()
  defaultBranch?: string;

  @IsOptionalNonNull()
  @IsRepoWebUrl()
  webUrl?: string;
}

export class ListRepositoriesQuery extends ListQuery {}

/** `GET /repositories/{id}/deliveries`: the common `limit` and `cursor`. */
export class ListRepoDeliveriesQuery extends ListQuery {}

/** `POST /repositories/preview-links`: the text is read as `source` says (a pull-request body by default). */
export class PreviewLinksDto {
  @IsString()
  @MaxLength(MAX_PREVIEW_TEXT_LENGTH)
  text: string;

  @IsOptional()
  @IsIn(enumValues(LinkSource), { message: 'source must be one of: branch, commit_message, title, body' })
  source?: LinkSource;
}
