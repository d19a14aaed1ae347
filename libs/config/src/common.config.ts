import { applyDecorators } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { SecretSetting } from './load-config';
import { TrustProxy, TrustProxySetting } from './trust-proxy';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const PORT_RULE = 'must be a whole number from 0 to 65535';

/** A whole number from `min` to `max`; `message`, when given, replaces class-validator's for each of the three rules. */
export function IntSetting(min: number, max: number, message?: string): PropertyDecorator {
  const options = message === undefined ? undefined : { message };
  return applyDecorators(IsInt(options), Min(min, options), Max(max, options));
}

export const REQUEST_CONTEXT_MODES = ['auto', 'on', 'off'] as const;
export type RequestContextMode = (typeof REQUEST_CONTEXT_MODES)[number];

/** Variables of every process that serves HTTP, distributed or standalone. */
export class ListenConfig {
  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'info';

  @IntSetting(0, 65535, PORT_RULE)
  PORT: number = 3000;

  /**
   * Loopback unless told otherwise: on a laptop, `/metrics`, `/docs` and the API must not be reachable
   * from the network it is on. Images, compose and k8s set `0.0.0.0`.
   */
  @IsString()
  HOST: string = '127.0.0.1';

  /**
   * Every edge reads the client address the same way (failed-authentication limits, the portal's
   * limit, access logs): behind an ingress, an edge that ignored it would count every client as the
   * ingress, and one bad client would lock out all of them.
   */
  @TrustProxySetting()
  TRUST_PROXY: TrustProxy = false;

  /** Request id (and trace) carried through async calls, messages and events: docs/observability.md. */
  @IsIn(REQUEST_CONTEXT_MODES, { message: `must be one of ${REQUEST_CONTEXT_MODES.join(', ')}` })
  REQUEST_CONTEXT: RequestContextMode = 'auto';
}

/**
 * nats-server reads each app's password from a variable of its environment and parses the value as
 * configuration (docs/nats-authorization.md): a leading digit makes it a number, a space ends it.
 */
export const NATS_PASSWORD_PATTERN = /^[A-Za-z][A-Za-z0-9._~+/=-]{15,}$/;
export const NATS_PASSWORD_RULE =
  'must be at least 16 characters of letters, digits and . _ ~ + / = -, starting with a letter (e.g. printf "p%s" "$(openssl rand -hex 24)")';

/**
 * Variables every app of the distributed run reads. Every app listens on PORT: the edges for their
 * API, the services only for `/health` and `/ready`.
 */
export class AppConfig extends ListenConfig {
  @IsString()
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /** Prefixes every NATS subject and stream, so that two stacks can share one NATS server. */
  @IsOptional()
  @IsString()
  NATS_SUBJECT_PREFIX: string = '';

  @IntSetting(100, 120_000)
  NATS_REQUEST_TIMEOUT_MS: number = 10_000;

  /**
   * The app's own NATS user and its password, both or neither (docs/nats-authorization.md). Unset:
   * the app connects without credentials, which only a server without authorization accepts.
   */
  @ValidateIf((config: AppConfig) => config.NATS_USER !== undefined || config.NATS_PASSWORD !== undefined)
  @Matches(/^[A-Za-z0-9_.-]+$/, {
    message: ({ value }) => (value === undefined ? 'must be set when NATS_PASSWORD is: the NATS user of this app' : 'must be a NATS user name (letters, digits, _ . -)'),
  })
  NATS_USER: string | undefined = undefined;

  @ValidateIf((config: AppConfig) => config.NATS_USER !== undefined || config.NATS_PASSWORD !== undefined)
  @Matches(NATS_PASSWORD_PATTERN, { message: ({ value }) => (value === undefined ? 'must be set when NATS_USER is: the password of that NATS user' : NATS_PASSWORD_RULE) })
  @SecretSetting()
  NATS_PASSWORD: string | undefined = undefined;

  @IsString()
  DATABASE_URL: string = 'postgresql://postgres@127.0.0.1:5432/test';

  @IntSetting(1, 200)
  DATABASE_POOL_SIZE: number = 10;

  /**
   * 0 keeps the pool's connections open: a burst fills the pool, and when its connections all
   * timed out together ten seconds later, the requests of that moment waited 40–250 ms
   * (bench:audit, docs/benchmarks.md). A positive value closes a connection idle that long.
   */
  @IntSetting(0, 3_600_000)
  DATABASE_POOL_IDLE_MS: number = 0;
}

