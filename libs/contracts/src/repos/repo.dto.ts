import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested, ValidationOptions, registerDecorator } from 'class-validator';
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
  if (typeof value !== 'string') return 'must be a string';
  if (value.length > MAX_REPO_WEB_URL_LENGTH) return `must be at most ${MAX_REPO_WEB_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (url.username || url.password) return 'must not contain credentials';
  if (!url.hostname) return 'must name a host';
  return null;
}

function IsRepoWebUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isRepoWebUrl',
      target: target.constructor,
      propertyName: propertyName.toString(),
      options: { message: (args) => `${args.property} ${repoWebUrlProblem(args.value) ?? 'is invalid'}`, ...options },
      validator: { validate: (value: unknown) => repoWebUrlProblem(value) === null },
    });
}

function AutomationStatus(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    IsNullable()(target, propertyName);
    IsIn(STATUSES, { message: `$property must be a work-item status (${STATUSES.join(', ')}) or null` })(target, propertyName);
  };
}

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

function BranchName(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    IsOptionalNonNull()(target, propertyName);
    IsString()(target, propertyName);
    MinLength(1)(target, propertyName);
    MaxLength(MAX_BRANCH_NAME_LENGTH)(target, propertyName);
  };
}

function Automations(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    IsOptionalNonNull()(target, propertyName);
    ValidateNested()(target, propertyName);
    Type(() => RepoAutomationsDto)(target, propertyName);
  };
}

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

/** `POST /repositories/preview-links`: the text is read as `source` says (a pull-request body by default). */
export class PreviewLinksDto {
  @IsString()
  @MaxLength(MAX_PREVIEW_TEXT_LENGTH)
  text: string;

  @IsOptional()
  @IsIn(enumValues(LinkSource), { message: 'source must be one of: branch, commit_message, title, body' })
  source?: LinkSource;
}
