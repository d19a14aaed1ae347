import { AppConfig, SecretSetting } from '@pds/config';
import { IsString, MinLength } from 'class-validator';

export class GatewayConfig extends AppConfig {
  /** Required in the distributed run: the operator API is how organizations come to exist. */
  @IsString()
  @MinLength(16)
  @SecretSetting()
  OPERATOR_TOKEN: string = undefined as unknown as string;
}
