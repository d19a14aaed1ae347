import { Controller, Delete, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { Doc } from '@pds/http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ApiAcceptedResponse, ApiBody, ApiExtraModels, ApiOkResponse, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ApiErrorBody } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MCP_OPTIONS, McpOptions } from '../mcp.options';
import { McpServerFactory } from '../tools/mcp-server.factory';
import { MAX_BATCH_MESSAGES, batchRefusal, messageCount } from './batch';
import { ApiRefusals } from './api-refusals';
import { McpAuthenticator } from './mcp.authenticator';
import { assertAllowedOrigin } from './origin.guard';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A JSON-RPC error answering no particular message (`id: null`), as the SDK's own refusals are. */
function jsonRpcError(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** JSON-RPC error of the Streamable HTTP spec for a stateless server: no SSE stream, no session to end. */
const METHOD_NOT_ALLOWED = jsonRpcError(-32000, 'Method not allowed: this MCP server is stateless; send JSON-RPC requests with POST /mcp');
const INVALID_REQUEST = -32600;

// @nestjs/swagger types its schemas as OpenAPI 3.0; the document is 3.1 (JSON Schema 2020-12).
const JSON_RPC_VERSION = { const: '2.0', description: 'Always `2.0`.' } as SchemaObject;
const JSON_RPC_ID = { type: ['string', 'integer', 'null'], description: 'Pairs an answer with its request; absent in notifications.' } as unknown as SchemaObject;

/** JSON-RPC 2.0 as MCP's Streamable HTTP transport carries it; the methods and tools are MCP's (docs/mcp.md). */
const JSON_RPC_MESSAGE: SchemaObject = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: JSON_RPC_VERSION,
    id: JSON_RPC_ID,
    method: { type: 'string', description: 'The MCP method: `initialize`, `tools/list`, `tools/call`, …' },
    params: { type: 'object', description: "The method's arguments (`tools/call`: `{name, arguments}`)." },
  },
  additionalProperties: true,
};
const JSON_RPC_ERROR: SchemaObject = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: JSON_RPC_VERSION,
    id: JSON_RPC_ID,
    error: {
      type: 'object',
      description: 'What went wrong.',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer', description: 'JSON-RPC error code (-32600: invalid request).' },
        message: { type: 'string', description: 'What went wrong, for people.' },
        data: { description: 'More about it, when there is more.' },
      },
    },
  },
};
const REFUSED: SchemaObject = { oneOf: [{ $ref: getSchemaPath(ApiErrorBody) }, JSON_RPC_ERROR] };

/**
 * Streamable HTTP at /mcp, stateless: every POST gets its own server and transport, built for the
 * caller's role, and answers with JSON. Origin and key are checked before any MCP processing.
 */
@Controller('mcp')
@ApiTags('mcp')
@ApiSecurity('apiKey')
@ApiExtraModels(ApiErrorBody)
export class McpController {
  /** A batch larger than the key's whole per-minute budget could never run. */
  private readonly batchCap: number;

  constructor(
    @Inject(McpAuthenticator) private readonly authenticator: McpAuthenticator,
    @Inject(McpServerFactory) private readonly servers: McpServerFactory,
    @Inject(MCP_OPTIONS) private readonly options: McpOptions,
  ) {
    this.batchCap = Math.min(MAX_BATCH_MESSAGES, options.rateLimitPerMinute);
  }

  @Post()
  @Doc("MCP over Streamable HTTP", "The Model Context Protocol endpoint for AI agents: JSON-RPC messages (`initialize`, `tools/list`, `tools/call`), answered as JSON. The tools offered are those the key's role may use; docs/mcp.md lists them.", { anyRole: true })
  @ApiBody({
    schema: {
      oneOf: [JSON_RPC_MESSAGE, { type: 'array', items: JSON_RPC_MESSAGE }],
      example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_records', arguments: { refs: ['WI-42'] } } },
    },
  })
  @ApiOkResponse({
    description: 'JSON-RPC response(s)',
    schema: {
      oneOf: [JSON_RPC_MESSAGE, { type: 'array', items: JSON_RPC_MESSAGE }],
      example: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '{"records":[{"key":"WI-42","type":"work_item","title":"Remember the last payment method at checkout"}]}' }] } },
    },
  })
  @ApiAcceptedResponse({ description: 'Notifications and responses only: accepted, empty body' })
  @ApiRefusals(REFUSED, {
    400:
      'Not a JSON-RPC message; or a batch that is empty, has more than 20 messages (or more than the per-minute limit), or names ' +
      'MCP-Protocol-Version 2025-06-18 or later (JSON-RPC error -32600)',
    401: 'Missing or invalid key (`x-api-key` or `Authorization: Bearer`)',
    403: 'Origin not allowed',
    406: 'Accept must allow application/json and text/event-stream',
    429: 'Rate limit exceeded (a batch counts one request per message and runs whole or not at all)',
  })
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    assertAllowedOrigin(request.headers.origin, this.options.publicOrigin, this.options.allowedOrigins);
    // Before the key: a refused batch runs nothing and costs nothing.
    const refusal = batchRefusal(request.body, headerValue(request.headers['mcp-protocol-version']), this.batchCap);
    if (refusal !== undefined) {
      void reply.status(400).type('application/json').send(jsonRpcError(INVALID_REQUEST, refusal));
      return;
    }
    const auth = await this.authenticator.authenticateRequest(request, reply, messageCount(request.body));
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
  @Doc('MCP event stream (not offered)', 'The server is stateless: there is no SSE stream to open. Always 405.')
  @ApiResponse({ status: 405, description: 'Stateless server: no SSE stream', schema: JSON_RPC_ERROR })
  get(@Res() reply: FastifyReply): void {
    void reply.status(405).header('allow', 'POST').type('application/json').send(METHOD_NOT_ALLOWED);
  }

  @Delete()
  @Doc('End an MCP session (not offered)', 'The server is stateless: there is no session to end. Always 405.')
  @ApiResponse({ status: 405, description: 'Stateless server: no session to end', schema: JSON_RPC_ERROR })
  delete(@Res() reply: FastifyReply): void {
    void reply.status(405).header('allow', 'POST').type('application/json').send(METHOD_NOT_ALLOWED);
  }
}
