import { AppConfig, BooleanFlag } from '@pds/config';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';

export class GatewayConfig extends AppConfig {
  /** Required in the distributed run: the operator API is how organizations come to exist. */
  @IsString()
  @MinLength(16)
  OPERATOR_TOKEN: string = undefined as unknown as string;

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
