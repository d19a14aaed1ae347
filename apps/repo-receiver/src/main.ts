import { loadConfig } from '@pds/config';
import { runService } from '@pds/runtime';
import { RepoReceiverSettings, repoReceiverOptionsFrom } from './common/repo.options';
import { HOOK_BODY_LIMITS } from './inbox/hook.controller';
import { RepoReceiverModule } from './repo-receiver.module';

runService({
  name: 'repo-receiver',
  defaultPort: 3001,
  parts: (config) => ({
    imports: [RepoReceiverModule.forRoot(repoReceiverOptionsFrom(loadConfig(RepoReceiverSettings), config.PORT))],
    routeBodyLimits: HOOK_BODY_LIMITS,
  }),
});
