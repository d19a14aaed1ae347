import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const PORT_RULE = 'must be a whole number from 0 to 65535';

export const REQUEST_CONTEXT_MODES = ['auto', 'on', 'off'] as const;
export type RequestContextMode = (typeof REQUEST_CONTEXT_MODES)[number];

/** Variables of every process that serves HTTP, distributed or standalone. */
export class ListenConfig {
  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'info';

  @IsInt({ message: PORT_RULE })
  @Min(0, { message: PORT_RULE })
  @Max(65535, { message: PORT_RULE })
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  /** Request id (and trace) carried through async calls, messages and events: docs/observability.md. */
  @IsIn(REQUEST_CONTEXT_MODES, { message: `must be one of ${REQUEST_CONTEXT_MODES.join(', ')}` })
  REQUEST_CONTEXT: RequestContextMode = 'auto';
}

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

  @IsInt()
  @Min(100)
  @Max(120_000)
  NATS_REQUEST_TIMEOUT_MS: number = 10_000;

  @IsString()
  DATABASE_URL: string = 'postgresql://postgres@127.0.0.1:5432/test';

  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE: number = 10;
}

