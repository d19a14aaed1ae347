import { Controller, Get, Res } from '@nestjs/common';
import { HealthRegistry } from '@pds/observability';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface VersionResponse {
  version: string;
  commit: string;
  buildTime: string | null;
  node: string;
}

/** Written by tools/build.mjs next to the compiled code (dist/build-info.json). */
export function buildInfo(): VersionResponse {
  const node = process.version;
  try {
    const info = JSON.parse(readFileSync(path.resolve(__dirname, '../../../build-info.json'), 'utf8')) as Omit<VersionResponse, 'node'>;
    return { ...info, node };
  } catch {
    return { version: 'unknown', commit: 'unknown', buildTime: null, node };
  }
}

/** Liveness: the process answers. Readiness: its database and NATS answer too. Version: what runs. */
@Controller()
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  private readonly version = buildInfo();

  @Get('version')
  versionInfo(): VersionResponse {
    return this.version;
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.health.readiness();
    void reply.status(report.status === 'ok' ? 200 : 503).send(report);
  }
}
