import { BooleanFlag, LOG_LEVELS, LogLevel } from '@pds/config';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** The single-process run: no DATABASE_URL or NATS_URL, everything under DATA_DIR. */
export class StandaloneConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  @IsString()
  DATA_DIR: string = './.data';

  /** Unset: generated on first start and kept in DATA_DIR/operator-token. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  OPERATOR_TOKEN: string | undefined = undefined;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE: number = 100;

  @IsInt()
  @Min(0)
  @Max(5000)
  API_KEY_CACHE_TTL_MS: number = 4000;

  @BooleanFlag()
  TRUST_PROXY: boolean = false;
}
