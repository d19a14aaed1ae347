import { Body, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CreateWebhookDto,
  CreatedWebhookResponse,
  ListWebhooksQuery,
  Page,
  UpdateWebhookDto,
  WebhookDeliveryResponse,
  WebhookResponse,
  WebhookSubjects,
} from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('webhooks')
export class WebhookController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(WebhookResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListWebhooksQuery): Promise<Page<WebhookResponse>> {
    return this.bus.request(WebhookSubjects.list, { auth, query });
  }

  @Returns(CreatedWebhookResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateWebhookDto): Promise<CreatedWebhookResponse> {
    return this.bus.request(WebhookSubjects.create, { auth, body });
  }

  @Returns(WebhookResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateWebhookDto): Promise<WebhookResponse> {
    return this.bus.request(WebhookSubjects.update, { auth, id, body });
  }

  @ReturnsNothing()
  @Delete(':id')
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    await this.bus.request(WebhookSubjects.remove, { auth, id });
  }

  @Returns(WebhookDeliveryResponse)
  @Post(':id/test')
  test(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.bus.request(WebhookSubjects.test, { auth, id });
  }

  @Returns(CreatedWebhookResponse)
  @Post(':id/rotate-secret')
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CreatedWebhookResponse> {
    return this.bus.request(WebhookSubjects.rotateSecret, { auth, id });
  }
}
