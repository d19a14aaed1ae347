import { DynamicModule, Module } from '@nestjs/common';
import { RateLimitSyncHandler, edgeProviders } from '@pds/edge';
import { ApiDocsController } from '@pds/http';
import { ApiKeyAuthenticator } from './auth/api-key.authenticator';
import { ApiKeyGuard } from './auth/api-key.guard';
import { GATEWAY_OPTIONS, GatewayOptions } from './gateway.options';
import { ApiKeyController } from './identity/api-key.controller';
import { ApiKeyService } from './identity/api-key.service';
import { IdentityHandler } from './identity/identity.handler';
import { identityPrismaProvider } from './identity/identity.prisma';
import { IdentityRepository } from './identity/identity.repository';
import { MeController } from './identity/me.controller';
import { MeService } from './identity/me.service';
import { OperatorController } from './identity/operator.controller';
import { OperatorTokenGuard } from './identity/operator-token.guard';
import { OrganizationService } from './identity/organization.service';
import { UserController } from './identity/user.controller';
import { UserService } from './identity/user.service';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyRepository } from './idempotency/idempotency.repository';
import { DELIVERY_CONTROLLERS, DELIVERY_PROVIDERS } from './routes/delivery.routes';
import { REPOS_CONTROLLERS, REPOS_PROVIDERS } from './routes/repos.routes';
import { STRATEGY_CONTROLLERS, STRATEGY_PROVIDERS } from './routes/strategy.routes';
import { WEBHOOK_CONTROLLERS, WEBHOOK_PROVIDERS } from './routes/webhooks.routes';

/** The REST edge and the identity context it owns. Needs ObservabilityModule, PersistenceModule and MessagingModule. */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [
        ApiDocsController,
        IdentityHandler,
        RateLimitSyncHandler,
        OperatorController,
        UserController,
        ApiKeyController,
        MeController,
        ...STRATEGY_CONTROLLERS,
        ...DELIVERY_CONTROLLERS,
        ...WEBHOOK_CONTROLLERS,
        ...REPOS_CONTROLLERS,
      ],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        ...edgeProviders(options),
        identityPrismaProvider,
        IdentityRepository,
        OrganizationService,
        UserService,
        ApiKeyService,
        MeService,
        ApiKeyAuthenticator,
        ApiKeyGuard,
        OperatorTokenGuard,
        IdempotencyRepository,
        IdempotencyInterceptor,
        ...STRATEGY_PROVIDERS,
        ...DELIVERY_PROVIDERS,
        ...WEBHOOK_PROVIDERS,
        ...REPOS_PROVIDERS,
      ],
    };
  }
}
