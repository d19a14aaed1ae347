export { GatewayModule } from './gateway.module';
export { OrganizationService } from './identity/organization.service';
export type { GatewayOptions } from './gateway.options';
export { INTAKE_BODY_LIMIT } from './routes/body-limits';
