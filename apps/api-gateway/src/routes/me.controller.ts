import { Body, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { ApiKeyResponse, AuthContext, CreatedApiKeyResponse, CreatePersonalApiKeyDto, CreationListQuery, MeResponse, Page } from '@pds/contracts';
import { Returns, ReturnsNothing, Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { ApiKeyService } from '../identity/api-key.service';
import { MeService } from '../identity/me.service';

/** The caller and their own keys: self-service, so a developer can give an agent a key and revoke it. */
@ApiController('me')
export class MeController {
  constructor(
    @Inject(MeService) private readonly meService: MeService,
    @Inject(ApiKeyService) private readonly keys: ApiKeyService,
  ) {}

  @Returns(MeResponse)
  @Get()
  @Doc("Who am I", "The caller's user, organization and the API key it is using, with the key's role: what an agent checks first.", { anyRole: true })
  me(@Auth() auth: AuthContext): Promise<MeResponse> {
    return this.meService.me(auth);
  }

  @Get('api-keys')
  @Doc("List my API keys", "The caller's own API keys, revoked ones included; secrets are never shown again.", { requires: Permission.PersonalKeys })
  @Paginated(ApiKeyResponse)
  listKeys(@Auth() auth: AuthContext, @Query() query: CreationListQuery): Promise<Page<ApiKeyResponse>> {
    return this.keys.listOwn(auth, query);
  }

  @Returns(CreatedApiKeyResponse)
  @Post('api-keys')
  @Doc("Create a personal API key", "Creates a key for the caller's own user, e.g. one per AI agent, acting with `role` (at most the user's role). The key is in this answer only.", { requires: Permission.PersonalKeys })
  createKey(@Auth() auth: AuthContext, @Body() body: CreatePersonalApiKeyDto): Promise<CreatedApiKeyResponse> {
    return this.keys.createOwn(auth, body);
  }

  @ReturnsNothing()
  @Delete('api-keys/:id')
  @Doc("Revoke a personal API key", "Revokes one of the caller's own keys; another user's key is 404.", { requires: Permission.PersonalKeys })
  revokeKey(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    return this.keys.revokeOwn(auth, id);
  }
}
