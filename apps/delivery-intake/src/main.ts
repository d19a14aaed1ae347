import { runService } from '@pds/runtime';
import { DeliveryIntakeModule } from './delivery-intake.module';

runService({ name: 'delivery-intake', defaultPort: 3011, parts: () => ({ imports: [DeliveryIntakeModule] }) });
