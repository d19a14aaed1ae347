import { ListenConfig, SecretSetting } from '@pds/config';
import { IsOptional, IsString, MinLength } from 'class-validator';

/**
 * The single-process run: no DATABASE_URL or NATS_URL, everything under DATA_DIR. The gateway's and
 * the dispatcher's own variables are read with their settings classes.
 */
export class StandaloneConfig extends ListenConfig {
  @IsString()
  DATA_DIR: string = './.data';

  /** Unset: generated on first start and kept in DATA_DIR/operator-token. */
  @IsOptional()
  @IsString()
  @MinLength(16)
  @SecretSetting()
  OPERATOR_TOKEN: string | undefined = undefined;
}
