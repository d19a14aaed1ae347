import { Controller, Delete, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MCP_OPTIONS, McpOptions } from '../mcp.options';
import { McpServerFactory } from '../tools/mcp-server.factory';
import { McpAuthenticator } from './mcp.authenticator';
import { assertAllowedOrigin } from './origin.guard';

/** JSON-RPC error of the Streamable HTTP spec for a stateless server: no SSE stream, no session to end. */
const METHOD_NOT_ALLOWED = JSON.stringify({
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send JSON-RPC requests with POST /mcp' },
  id: null,
});

/**
 * Streamable HTTP at /mcp, stateless: every POST gets its own server and transport, built for the
 * caller's role, and answers with JSON. Origin and key are checked before any MCP processing.
 */
@Controller('mcp')
export class McpController {
  constructor(
    @Inject(McpAuthenticator) private readonly authenticator: McpAuthenticator,
    @Inject(McpServerFactory) private readonly servers: McpServerFactory,
    @Inject(MCP_OPTIONS) private readonly options: McpOptions,
  ) {}

  @Post()
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    assertAllowedOrigin(request.headers.origin, request.headers.host, this.options.allowedOrigins);
    const auth = await this.authenticator.authenticate(request.headers, request.ip, (headers) => void reply.headers(headers));
    const server = this.servers.create(auth);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // From here the SDK writes the raw response; Fastify must not answer a second time.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  @Get()
  get(@Res() reply: FastifyReply): void {
    void reply.status(405).header('allow', 'POST').type('application/json').send(METHOD_NOT_ALLOWED);
  }

  @Delete()
  delete(@Res() reply: FastifyReply): void {
    void reply.status(405).header('allow', 'POST').type('application/json').send(METHOD_NOT_ALLOWED);
  }
}
