import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { GatewayModule, GatewaySettings, gatewayOptionsFrom } from '@pds/api-gateway';
import { HealthController, MetricsController, OPENAPI_FILE, buildInfo, buildOpenApiDocument } from '@pds/http';
import { McpServerModule, McpSettings, mcpOptionsFrom } from '@pds/mcp-server';
import { MessagingModule } from '@pds/messaging';
import { ObservabilityModule, createLogger } from '@pds/observability';
import { PersistenceModule } from '@pds/persistence';
import { RepoReceiverModule } from '@pds/repo-receiver';
import { runMain } from '@pds/runtime';
import { writeFileSync } from 'node:fs';

/**
 * Writes the OpenAPI document of every HTTP route (gateway, portal, operator, /hooks, /mcp,
 * /health) at build time, so no process spends a request or its startup on it. The modules are
 * composed in Nest's preview mode: routes and types are read, nothing is instantiated or connected.
 */
runMain(async () => {
  const out = process.argv[2] ?? OPENAPI_FILE;
  const logger = createLogger({ level: 'silent', name: 'openapi' });

  @Module({
    imports: [
      ObservabilityModule.forRoot(logger),
      PersistenceModule.forRoot(undefined as never),
      MessagingModule.forRoot({ transport: 'in-process' }),
      GatewayModule.forRoot(gatewayOptionsFrom(new GatewaySettings(), 'preview-only-operator-token')),
      RepoReceiverModule.forRoot(),
      McpServerModule.forRoot(mcpOptionsFrom(new McpSettings(), 3000)),
    ],
    controllers: [HealthController, MetricsController],
  })
  class DocumentedApp {}

  const app = await NestFactory.create(DocumentedApp, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  const document = buildOpenApiDocument(app, { version: buildInfo().version });
  writeFileSync(out, JSON.stringify(document, null, 2) + '\n');
});
