export { RepoReceiverModule } from './repo-receiver.module';
