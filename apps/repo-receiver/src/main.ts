import { runService } from '@pds/runtime';
import { RepoReceiverModule } from './repo-receiver.module';

runService({ name: 'repo-receiver', defaultPort: 3001, imports: [RepoReceiverModule] });
