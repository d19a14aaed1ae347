export { WebhookDispatcherModule } from './webhook-dispatcher.module';
export { WebhookSettings, dispatcherOptionsFrom } from './common/dispatcher.options';
export type { WebhookDispatcherOptions } from './common/dispatcher.options';
