import { ListenConfig, SecretSetting } from '@pds/config';
import { PGLITE_SHARED_BUFFERS } from '@pds/persistence';
import { IsOptional, IsString, Matches, MinLength } from 'class-validator';

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

  /** PostgreSQL's shared_buffers inside PGlite: memory against fewer reads through the file system. */
  @Matches(/^[1-9][0-9]*(kB|MB|GB)$/, { message: 'must be a PostgreSQL size such as 16MB, 64MB or 1GB' })
  PGLITE_SHARED_BUFFERS: string = PGLITE_SHARED_BUFFERS;
}
