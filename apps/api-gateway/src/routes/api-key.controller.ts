import { Body, Delete, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiKeyResponse, AuthContext, CreateApiKeyDto, CreatedApiKeyResponse, CreationListQuery, Page } from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { ApiKeyService } from '../identity/api-key.service';

@ApiController('api-keys')
export class ApiKeyController {
  constructor(@Inject(ApiKeyService) private readonly keys: ApiKeyService) {}

  @Get()
  @Paginated(ApiKeyResponse)
  list(@Auth() auth: AuthContext, @Query() query: CreationListQuery): Promise<Page<ApiKeyResponse>> {
    return this.keys.list(auth, query);
  }

  @Returns(CreatedApiKeyResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyResponse> {
    return this.keys.create(auth, body);
  }

  @ReturnsNothing()
  @Delete(':id')
  revoke(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    return this.keys.revoke(auth, id);
  }
}
