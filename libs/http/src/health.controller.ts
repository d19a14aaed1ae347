import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Field } from '@pds/contracts';
import { HealthRegistry } from '@pds/observability';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Returns } from './openapi/decorators';

export class VersionResponse {
  @Field.string() version!: string;
  @Field.string() commit!: string;
  @Field.timestamp({ nullable: true }) buildTime!: string | null;
  @Field.string() node!: string;
}

export class LivenessResponse {
  @Field.enum(['ok']) status!: 'ok';
}

export class DependencyCheck {
  @Field.enum(['up', 'down']) status!: 'up' | 'down';
  @Field.string({ optional: true }) error?: string;
}

/** `checks` maps each dependency (database, nats, …) to its state. */
export class ReadinessResponse {
  @Field.enum(['ok', 'unavailable']) status!: 'ok' | 'unavailable';
  @Field.record({ description: 'Each dependency (database, nats, …) and whether it answers: {status: up|down, error?}' }) checks!: Record<string, DependencyCheck>;
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
// Probes are for the platform, not API clients: docs/observability.md describes them.
@Controller()
@ApiTags('operations')
@ApiExcludeController()
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  @Get('health')
  @Returns(LivenessResponse)
  live(): LivenessResponse {
    return { status: 'ok' };
  }

  private readonly version = buildInfo();

  @Get('version')
  @Returns(VersionResponse)
  versionInfo(): VersionResponse {
    return this.version;
  }

  @Get('ready')
  @ApiOkResponse({ type: ReadinessResponse, description: 'Every dependency answers' })
  @ApiServiceUnavailableResponse({ type: ReadinessResponse, description: 'A dependency does not answer' })
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.health.readiness();
    void reply.status(report.status === 'ok' ? 200 : 503).send(report);
  }
}
