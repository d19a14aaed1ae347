import { runService } from '@pds/runtime';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

runService({ name: 'webhook-dispatcher', defaultPort: 3012, imports: [WebhookDispatcherModule] });
