import { ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { defineValidator, urlProblem } from '../common/decorators';
import { WorkItemStatus, enumValues } from '../common/enums';
import { ListQuery } from '../common/pagination';
import { CreationListQuery, ListSort, SortableQuery } from '../common/sort';
import { IsNullable, IsOptionalNonNull } from '../common/validation';
import { LinkSource, RepoProvider } from './repo.enums';

export const MAX_REPO_FULL_NAME_LENGTH = 255;
export const MAX_REPO_WEB_URL_LENGTH = 2048;
export const MAX_BRANCH_NAME_LENGTH = 255;
export const MAX_PREVIEW_TEXT_LENGTH = 65_536;

const STATUSES = enumValues(WorkItemStatus);

/** Characters a repository web URL may hold as sent: none that URL normalization encodes or drops. */
const WEB_URL_CHARACTERS = /^[A-Za-z0-9\-._~:/@%[\]]*$/;

/**
 * Why a string is not an acceptable repository web URL, or null. Links to branches, commits and
 * reviews are built by appending paths to it and shown to every role, so: https, or http for a
 * GitLab (self-hosted ones inside company networks often have no TLS); no credentials; no query or
 * fragment; and only characters that normalization keeps as they are (no quotes, angle brackets,
 * whitespace, backslashes or non-ASCII), so what is stored (`normaliseRepoWebUrl`) never differs
 * from what was sent by more than letter case, a default port or dot segments. Without a
 * `provider` (an update, whose body has none) http passes; the caller checks it against the
 * connection's provider.
 */
export function repoWebUrlProblem(value: unknown, provider?: unknown): string | null {
  const protocols = provider === undefined || provider === RepoProvider.GITLAB ? ['https', 'http'] : ['https'];
  const problem = urlProblem(value, MAX_REPO_WEB_URL_LENGTH, protocols);
  if (problem) return problem;
  const text = value as string;
  if (/[?#]/.test(text)) return 'must not have a query or a fragment';
  if (!WEB_URL_CHARACTERS.test(text) || /%(?![0-9A-Fa-f]{2})/.test(text)) {
    return 'may hold only letters, digits, "-._~:/@[]" and %-escapes (no quotes, angle brackets or whitespace)';
  }
  return null;
}

/** The form a web URL is stored in: WHATWG-normalized (`URL.href`), without trailing slashes. */
export function normaliseRepoWebUrl(value: string): string {
  return new URL(value).href.replace(/\/+$/, '');
}

/** On a create, `provider` of the same body decides whether http is allowed. */
const IsRepoWebUrl = defineValidator(
  'isRepoWebUrl',
  (args) => `${args.property} ${repoWebUrlProblem(args.value, (args.object as { provider?: unknown }).provider) ?? 'is invalid'}`,
  (value, args) => repoWebUrlProblem(value, (args.object as { provider?: unknown }).provider) === null,
);

const AutomationStatus = (): PropertyDecorator =>
  applyDecorators(IsNullable(), IsIn(STATUSES, { message: `$property must be a work-item status (${STATUSES.join(', ')}) or null` }));

/** Status automations: each trigger moves linked items to a status, or does nothing (null, the default). */
@ApiSchema({ description: 'Which status a linked work item moves to at each repository event (`null`: none).' })
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

/**
 * `owner/name` on GitHub; `group/subgroup/name` on GitLab (any depth). A segment is never `.` or
 * `..`: the default web URL is built from it, and those would walk out of the owner's path.
 */
const FULL_NAME_RE = /^(?!\.\.?(\/|$))[A-Za-z0-9_.-]+(\/(?!\.\.?(\/|$))[A-Za-z0-9_.-]+)+$/;

export class CreateRepositoryDto {
  @IsIn(enumValues(RepoProvider), { message: 'provider must be one of: GITHUB, GITLAB' })
  provider: RepoProvider;

  @IsString()
  @MaxLength(MAX_REPO_FULL_NAME_LENGTH)
  @Matches(FULL_NAME_RE, { message: 'fullName must be "owner/name" (GitLab: "group/subgroup/name") of letters, digits, "_", "." and "-", without "." or ".." segments' })
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

export class ListRepositoriesQuery extends CreationListQuery {}

/** `GET /repositories/{id}/deliveries`: the common `limit` and `cursor`. */
/** Newest first by default, by `receivedAt` (the log's own time field, when the delivery arrived). */
export const REPO_DELIVERY_SORT = new ListSort({ receivedAt: 'time' }, 'receivedAt', true);

export class ListRepoDeliveriesQuery extends SortableQuery(REPO_DELIVERY_SORT) {}

/**
 * `GET /work-items/{id}/artifacts`: `limit` counts each kind (up to `limit` branches, as many
 * commits, as many pull requests a page); `cursor` is the previous page's `nextCursor`.
 */
export class WorkItemArtifactsQuery extends ListQuery {}

/** `POST /repositories/preview-links`: the text is read as `source` says (a pull-request body by default). */
export class PreviewLinksDto {
  @IsString()
  @MaxLength(MAX_PREVIEW_TEXT_LENGTH)
  text: string;

  @IsOptional()
  @IsIn(enumValues(LinkSource), { message: 'source must be one of: branch, commit_message, title, body' })
  source?: LinkSource;
}
