import 'reflect-metadata';
import { AppConfig, loadConfig } from '@pds/config';
import { runDistributedApp, runMain } from '@pds/runtime';
import { WebhookSettings, dispatcherOptionsFrom } from './common/dispatcher.options';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

runMain(async () => {
  const config = loadConfig(AppConfig, process.env, { PORT: 3012 });
  const webhooks = loadConfig(WebhookSettings);
  await runDistributedApp({
    name: 'webhook-dispatcher',
    config,
    port: config.PORT,
    host: config.HOST,
    imports: [WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(webhooks))],
  });
});
