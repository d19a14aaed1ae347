import { Provider } from '@nestjs/common';
import { LOGGER, Logger } from '@pds/observability';
import { SecretBox, openSecretBox } from '@pds/secrets';
import { IsOptional, IsString, Matches } from 'class-validator';
import { RepoSettingRepository } from './setting.repository';

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
}

export interface RepoReceiverOptions {
  /** Without a trailing slash. */
  publicUrl: string;
  secretKey?: string;
}

export const REPO_RECEIVER_OPTIONS = Symbol('REPO_RECEIVER_OPTIONS');

export function repoReceiverOptionsFrom(settings: RepoReceiverSettings, port: number, secretKey = settings.REPO_SECRET_KEY): RepoReceiverOptions {
  return { publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''), secretKey };
}

/** Encrypts receiver secrets; its own token, so it never meets the webhook dispatcher's box in standalone. */
export const REPO_SECRET_BOX = Symbol('REPO_SECRET_BOX');

export const repoSecretBoxProvider: Provider = {
  provide: REPO_SECRET_BOX,
  inject: [REPO_RECEIVER_OPTIONS, RepoSettingRepository, LOGGER],
  useFactory: (options: RepoReceiverOptions, settings: RepoSettingRepository, logger: Logger): Promise<SecretBox> =>
    openSecretBox(settings, logger, { key: options.secretKey, keyName: 'REPO_SECRET_KEY' }),
};
