import { loadConfig } from '@pds/config';
import { runService } from '@pds/runtime';
import { GatewayConfig } from './gateway.config';
import { GatewaySettings, gatewayOptionsFrom } from './gateway.settings';
import { GatewayModule } from './gateway.module';
import { ROUTE_BODY_LIMITS } from './body-limits';
import { enablePortalCors } from './routes/portal-cors';

runService({
  name: 'api-gateway',
  config: GatewayConfig,
  parts: (config) => {
    const settings = loadConfig(GatewaySettings);
    return {
      imports: [GatewayModule.forRoot(gatewayOptionsFrom(settings, config.OPERATOR_TOKEN))],
      routeBodyLimits: ROUTE_BODY_LIMITS,
      configure: enablePortalCors,
    };
  },
});
