import { DynamicModule, Module } from '@nestjs/common';
import { RateLimitSyncHandler, RecordSearch, edgeProviders } from '@pds/edge';
import { ApiDocsController } from '@pds/http';
import { ApiKeyGuard } from './auth/api-key.guard';
import { OperatorTokenGuard } from './auth/operator-token.guard';
import { GATEWAY_OPTIONS, GatewayOptions } from './gateway.options';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyRepository } from './idempotency/idempotency.repository';
import { ApiKeyAuthenticator } from './identity/api-key.authenticator';
import { ApiKeyService } from './identity/api-key.service';
import { ApiKeyHandler } from './identity/api-key.handler';
import { identityPrismaProvider } from './identity/identity.prisma';
import { identityOutboxProviders } from './identity/identity.outbox';
import { IdentityRepository } from './identity/identity.repository';
import { MeService } from './identity/me.service';
import { OrganizationSettingsHandler } from './identity/organization-settings.handler';
import { OrganizationService } from './identity/organization.service';
import { PORTAL_PAGE_CONTROLLERS, PORTAL_PAGE_PROVIDERS } from './portal-pages/portal-pages.routes';
import { UserHandler } from './identity/user.handler';
import { UserNameRepository } from './identity/user-name.repository';
import { UserService } from './identity/user.service';
import { ApiKeyController } from './routes/api-key.controller';
import { AuditLogReader } from './routes/audit-log.reader';
import { AUDIT_CONTROLLERS } from './routes/audit.controller';
import { SearchController } from './routes/search.controller';
import { DELIVERY_CONTROLLERS, DELIVERY_PROVIDERS } from './routes/delivery.routes';
import { MeController } from './routes/me.controller';
import { OperatorController } from './routes/operator.controller';
import { REPOS_CONTROLLERS, REPOS_PROVIDERS } from './routes/repos.routes';
import { STRATEGY_CONTROLLERS, STRATEGY_PROVIDERS } from './routes/strategy.routes';
import { UserController } from './routes/user.controller';
import { WEBHOOK_CONTROLLERS, WEBHOOK_PROVIDERS } from './routes/webhooks.routes';

/** The REST edge and the identity context it owns. Needs ObservabilityModule, PersistenceModule and MessagingModule. */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [
        ApiDocsController,
        ApiKeyHandler,
        UserHandler,
        OrganizationSettingsHandler,
        RateLimitSyncHandler,
        OperatorController,
        UserController,
        ApiKeyController,
        MeController,
        ...STRATEGY_CONTROLLERS,
        ...DELIVERY_CONTROLLERS,
        ...WEBHOOK_CONTROLLERS,
        ...REPOS_CONTROLLERS,
        ...PORTAL_PAGE_CONTROLLERS,
        ...AUDIT_CONTROLLERS,
        SearchController,
      ],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        ...edgeProviders(options),
        identityPrismaProvider,
        IdentityRepository,
        ...identityOutboxProviders,
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
        ...PORTAL_PAGE_PROVIDERS,
        UserNameRepository,
        AuditLogReader,
        RecordSearch,
      ],
    };
  }
}
