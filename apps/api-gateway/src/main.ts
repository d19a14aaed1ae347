import 'reflect-metadata';
import { loadConfig } from '@pds/config';
import { runDistributedApp, runMain } from '@pds/runtime';
import { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { ROUTE_BODY_LIMITS } from './routes/body-limits';

runMain(async () => {
  const config = loadConfig(GatewayConfig);
  await runDistributedApp({
    name: 'api-gateway',
    config,
    port: config.PORT,
    host: config.HOST,
    trustProxy: config.TRUST_PROXY,
    routeBodyLimits: ROUTE_BODY_LIMITS,
    imports: [
      GatewayModule.forRoot({
        operatorToken: config.OPERATOR_TOKEN,
        rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
        apiKeyCacheTtlMs: config.API_KEY_CACHE_TTL_MS,
      }),
    ],
  });
});
