export { DeliveryIntakeModule } from './delivery-intake.module';
