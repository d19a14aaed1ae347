export { WebhookDispatcherModule } from './webhook-dispatcher.module';
