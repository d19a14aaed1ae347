import { Body, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { ApiKeyResponse, AuthContext, CreateApiKeyDto, CreatedApiKeyResponse, CreationListQuery, Page } from '@pds/contracts';
import { Returns, ReturnsNothing, Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { ApiKeyService } from '../identity/api-key.service';

@ApiController('api-keys')
export class ApiKeyController {
  constructor(@Inject(ApiKeyService) private readonly keys: ApiKeyService) {}

  @Get()
  @Doc('List API keys', 'Every API key of the organization, revoked ones included (`revokedAt`); the secret itself is never shown again, only its `prefix`.', { requires: Permission.IdentityManage })
  @Paginated(ApiKeyResponse)
  list(@Auth() auth: AuthContext, @Query() query: CreationListQuery): Promise<Page<ApiKeyResponse>> {
    return this.keys.list(auth, query);
  }

  @Returns(CreatedApiKeyResponse)
  @Post()
  @Doc("Create an API key", "Creates a key for a user of the organization, acting with `role` (at most the user's own role). The key (`pos_sk_\u2026`) is in this answer only: store it now.", { requires: Permission.IdentityManage })
  create(@Auth() auth: AuthContext, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyResponse> {
    return this.keys.create(auth, body);
  }

  @ReturnsNothing()
  @Delete(':id')
  @Doc('Revoke an API key', 'Revokes the key: requests with it are refused (401). Revoking twice is harmless.', { requires: Permission.IdentityManage })
  revoke(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    return this.keys.revoke(auth, id);
  }
}
