import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CkrResponse,
  CreateCkrDto,
  ListCkrsQuery,
  Page,
  StrategySubjects as S,
  UpdateCkrDto,
  UpdateKeyResultDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

/** OKRs; the contract's path keeps its historical name `ckrs`. */
@ApiController('ckrs')
export class CkrController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(CkrResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateCkrDto): Promise<CkrResponse> {
    return this.bus.request(S.ckrCreate, { auth, body });
  }

  @Get()
  @Paginated(CkrResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListCkrsQuery): Promise<Page<CkrResponse>> {
    return this.bus.request(S.ckrList, { auth, query });
  }

  @Returns(CkrResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CkrResponse> {
    return this.bus.request(S.ckrGet, { auth, id });
  }

  @Returns(CkrResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateCkrDto): Promise<CkrResponse> {
    return this.bus.request(S.ckrUpdate, { auth, id, body });
  }

  @Returns(CkrResponse)
  @Patch(':id/key-results/:keyResultId')
  updateKeyResult(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Param('keyResultId') keyResultId: string,
    @Body() body: UpdateKeyResultDto,
  ): Promise<CkrResponse> {
    return this.bus.request(S.keyResultUpdate, { auth, id, keyResultId, body });
  }
}
