import { Controller, Get, Res } from '@nestjs/common';
import { HealthRegistry } from '@pds/observability';
import type { FastifyReply } from 'fastify';

/** Liveness: the process answers. Readiness: its database and NATS answer too. */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.health.readiness();
    void reply.status(report.status === 'ok' ? 200 : 503).send(report);
  }
}
