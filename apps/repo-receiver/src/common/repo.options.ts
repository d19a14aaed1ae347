import { Provider } from '@nestjs/common';
import { LOGGER, Logger } from '@pds/observability';
import { ContextSettings, DATABASE, Database } from '@pds/persistence';
import { SecretBox, openSecretBox } from '@pds/secrets';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** GitHub caps webhook payloads at 25 MiB; the receiver accepts up to that on /hooks. */
export const HOOK_BODY_LIMIT = 25 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The repo-receiver's own variables; read by its main and by standalone. */
export class RepoReceiverSettings {
  /** Base URL providers reach `/hooks` at; `webhookUrl` is built from it. Default `http://localhost:<PORT>`. */
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL: string | undefined = undefined;

  /** base64 of 32 bytes, the AES-256-GCM key of the receiver secrets. Unset: a key kept in repos.settings. */
  @IsOptional()
  @IsString()
  REPO_SECRET_KEY: string | undefined = undefined;

  /**
   * MiB of request bodies this process may hold before it has verified who sent them (GitHub's
   * signature covers the body, so the body must be read first). At least one body of the largest
   * size GitHub sends; beyond the budget a delivery is answered 503 with Retry-After.
   */
  @IsInt()
  @Min(HOOK_BODY_LIMIT / MIB)
  @Max(4096)
  HOOK_UNVERIFIED_BODY_MIB: number = 32;
}

export interface RepoReceiverOptions {
  /** Without a trailing slash. */
  publicUrl: string;
  secretKey?: string;
  /** Bytes of unverified hook bodies held at once per process. */
  unverifiedBodyBytes: number;
}

export const REPO_RECEIVER_OPTIONS = Symbol('REPO_RECEIVER_OPTIONS');

export function repoReceiverOptionsFrom(settings: RepoReceiverSettings, port: number, secretKey = settings.REPO_SECRET_KEY): RepoReceiverOptions {
  return {
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    secretKey,
    unverifiedBodyBytes: settings.HOOK_UNVERIFIED_BODY_MIB * MIB,
  };
}

/**
 * Encrypts receiver secrets; its own token, so it never meets the webhook dispatcher's box in
 * standalone. Without REPO_SECRET_KEY its key is kept in repos.settings.
 */
export const REPO_SECRET_BOX = Symbol('REPO_SECRET_BOX');

export const repoSecretBoxProvider: Provider = {
  provide: REPO_SECRET_BOX,
  inject: [REPO_RECEIVER_OPTIONS, DATABASE, LOGGER],
  useFactory: (options: RepoReceiverOptions, db: Database, logger: Logger): Promise<SecretBox> =>
    openSecretBox(new ContextSettings(db, 'repos'), logger, { key: options.secretKey, keyName: 'REPO_SECRET_KEY' }),
};
