import 'reflect-metadata';
import { AppConfig, loadConfig } from '@pds/config';
import { runDistributedApp, runMain } from '@pds/runtime';
import { RepoReceiverSettings, repoReceiverOptionsFrom } from './common/repo.options';
import { HOOK_BODY_LIMITS } from './hooks/hook.controller';
import { RepoReceiverModule } from './repo-receiver.module';

runMain(async () => {
  const config = loadConfig(AppConfig, process.env, { PORT: 3001 });
  const settings = loadConfig(RepoReceiverSettings);
  await runDistributedApp({
    name: 'repo-receiver',
    config,
    port: config.PORT,
    host: config.HOST,
    routeBodyLimits: HOOK_BODY_LIMITS,
    imports: [RepoReceiverModule.forRoot(repoReceiverOptionsFrom(settings, config.PORT))],
  });
});
