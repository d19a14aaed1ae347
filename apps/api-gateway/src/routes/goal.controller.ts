import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AnnualGoalResponse,
  AuthContext,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  ListQuery,
  Page,
  PlanningCycleResponse,
  ProductGoalResponse,
  StrategySubjects as S,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('annual-goals')
export class AnnualGoalController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(AnnualGoalResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateAnnualGoalDto): Promise<AnnualGoalResponse> {
    return this.bus.request(S.annualGoalCreate, { auth, body });
  }

  @Get()
  @Paginated(AnnualGoalResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<AnnualGoalResponse>> {
    return this.bus.request(S.annualGoalList, { auth, query });
  }

  @Returns(AnnualGoalResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AnnualGoalResponse> {
    return this.bus.request(S.annualGoalGet, { auth, id });
  }

  @Returns(AnnualGoalResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateAnnualGoalDto): Promise<AnnualGoalResponse> {
    return this.bus.request(S.annualGoalUpdate, { auth, id, body });
  }
}

@ApiController('product-goals')
export class ProductGoalController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(ProductGoalResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateProductGoalDto): Promise<ProductGoalResponse> {
    return this.bus.request(S.productGoalCreate, { auth, body });
  }

  @Get()
  @Paginated(ProductGoalResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<ProductGoalResponse>> {
    return this.bus.request(S.productGoalList, { auth, query });
  }

  @Returns(ProductGoalResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ProductGoalResponse> {
    return this.bus.request(S.productGoalGet, { auth, id });
  }

  @Returns(ProductGoalResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateProductGoalDto): Promise<ProductGoalResponse> {
    return this.bus.request(S.productGoalUpdate, { auth, id, body });
  }
}

@ApiController('planning-cycles')
export class PlanningCycleController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(PlanningCycleResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreatePlanningCycleDto): Promise<PlanningCycleResponse> {
    return this.bus.request(S.planningCycleCreate, { auth, body });
  }

  @Get()
  @Paginated(PlanningCycleResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<PlanningCycleResponse>> {
    return this.bus.request(S.planningCycleList, { auth, query });
  }

  @Returns(PlanningCycleResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<PlanningCycleResponse> {
    return this.bus.request(S.planningCycleGet, { auth, id });
  }

  @Returns(PlanningCycleResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdatePlanningCycleDto): Promise<PlanningCycleResponse> {
    return this.bus.request(S.planningCycleUpdate, { auth, id, body });
  }
}
