export { RepoReceiverModule } from './repo-receiver.module';
export { RepoReceiverSettings, repoReceiverOptionsFrom } from './common/repo.options';
export { HOOK_BODY_LIMITS } from './inbox/hook.controller';
