import { AppConfig } from '@pds/config';
import { IsString, MinLength } from 'class-validator';

export class GatewayConfig extends AppConfig {
  /** Required in the distributed run: the operator API is how organizations come to exist. */
  @IsString()
  @MinLength(16)
  OPERATOR_TOKEN: string = undefined as unknown as string;
}
