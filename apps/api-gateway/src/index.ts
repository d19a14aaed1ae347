export { GatewayModule } from './gateway.module';
export { GatewaySettings, gatewayOptionsFrom } from './gateway.settings';
export { OrganizationService } from './identity/organization.service';
export type { GatewayOptions } from './gateway.options';
export { ROUTE_BODY_LIMITS } from './body-limits';
export { enablePortalCors } from './routes/portal-cors';
