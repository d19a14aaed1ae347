export { GatewayModule } from './gateway.module';
export type { GatewayOptions } from './gateway.options';
export { INTAKE_BODY_LIMIT } from './routes/body-limits';
