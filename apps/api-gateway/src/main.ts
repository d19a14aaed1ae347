import 'reflect-metadata';
import { loadConfig } from '@pds/config';
import { runDistributedApp, runMain } from '@pds/runtime';
import { GatewayConfig } from './gateway.config';
import { GatewaySettings, gatewayOptionsFrom } from './gateway.settings';
import { GatewayModule } from './gateway.module';
import { ROUTE_BODY_LIMITS } from './routes/body-limits';
import { enablePortalCors } from './routes/portal-cors';

runMain(async () => {
  const config = loadConfig(GatewayConfig);
  const settings = loadConfig(GatewaySettings);
  await runDistributedApp({
    name: 'api-gateway',
    config,
    port: config.PORT,
    host: config.HOST,
    trustProxy: settings.TRUST_PROXY,
    routeBodyLimits: ROUTE_BODY_LIMITS,
    configure: enablePortalCors,
    imports: [
      GatewayModule.forRoot(gatewayOptionsFrom(settings, config.OPERATOR_TOKEN)),
    ],
  });
});
