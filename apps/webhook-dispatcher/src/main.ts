import { loadConfig } from '@pds/config';
import { runService } from '@pds/runtime';
import { WebhookSettings, dispatcherOptionsFrom } from './common/dispatcher.options';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

runService({
  name: 'webhook-dispatcher',
  defaultPort: 3012,
  parts: () => ({ imports: [WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(loadConfig(WebhookSettings)))] }),
});
