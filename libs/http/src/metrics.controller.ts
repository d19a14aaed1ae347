import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Metrics } from '@pds/observability';
import type { FastifyReply } from 'fastify';

/**
 * Prometheus scrape endpoint on the app's own port, like /health and /ready: no key, because the
 * public ingress routes only the API prefixes (/api/v1, /portal, /hooks, /mcp) to the edges and
 * never this path (docs/observability.md).
 */
// For Prometheus, not API clients: docs/observability.md describes it.
@Controller()
@ApiTags('operations')
@ApiExcludeController()
export class MetricsController {
  constructor(@Inject(Metrics) private readonly metrics: Metrics) {}

  @Get('metrics')
  @ApiOkResponse({ description: 'Prometheus text exposition format (docs/observability.md)', content: { 'text/plain': { schema: { type: 'string' } } } })
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await this.metrics.render();
    void reply.header('content-type', contentType).send(body);
  }
}
