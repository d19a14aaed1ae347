import { Body, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiKeyResponse, AuthContext, CreatePersonalApiKeyDto, CreatedApiKeyResponse, CreationListQuery, MeResponse, Page } from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
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
  me(@Auth() auth: AuthContext): Promise<MeResponse> {
    return this.meService.me(auth);
  }

  @Get('api-keys')
  @Paginated(ApiKeyResponse)
  listKeys(@Auth() auth: AuthContext, @Query() query: CreationListQuery): Promise<Page<ApiKeyResponse>> {
    return this.keys.listOwn(auth, query);
  }

  @Returns(CreatedApiKeyResponse)
  @Post('api-keys')
  createKey(@Auth() auth: AuthContext, @Body() body: CreatePersonalApiKeyDto): Promise<CreatedApiKeyResponse> {
    return this.keys.createOwn(auth, body);
  }

  @ReturnsNothing()
  @Delete('api-keys/:id')
  revokeKey(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    return this.keys.revokeOwn(auth, id);
  }
}
