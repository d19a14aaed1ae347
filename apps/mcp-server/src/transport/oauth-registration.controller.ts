import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorBody, AppException, ErrorCode } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { McpAuthenticator } from './mcp.authenticator';

const ERROR = { $ref: getSchemaPath(ApiErrorBody) };

/**
 * This server has no OAuth. An MCP client that supports it (Claude Code) answers a 401 from /mcp by
 * looking for OAuth metadata and, finding none, registering a client at POST /register of the
 * server's origin; it prints only that answer's status and body, never the 401 of /mcp. So the
 * registration answers with the refusal of the key it was sent (clients send their configured
 * headers along): the user reads why the key was refused where they would have read "404".
 */
@Controller('register')
@ApiTags('mcp')
@ApiExtraModels(ApiErrorBody)
export class OAuthRegistrationController {
  constructor(@Inject(McpAuthenticator) private readonly authenticator: McpAuthenticator) {}

  @Post()
  @ApiOperation({
    summary: 'OAuth client registration fallback: answers why the MCP key was refused',
    description:
      'No OAuth client is ever registered. MCP clients that fall back to OAuth after a 401 from /mcp post here (RFC 7591 ' +
      'dynamic client registration at the default path) and show this answer: the refusal of the key they sent ' +
      '(401, 403, 429), or 404 when the key is valid and OAuth is not needed at all.',
  })
  @ApiBody({ description: 'RFC 7591 client metadata (ignored)', schema: { type: 'object', additionalProperties: true } })
  @ApiResponse({ status: 400, description: 'Not JSON', schema: ERROR })
  @ApiResponse({ status: 401, description: 'Missing, malformed, unknown or revoked key: the same message as POST /mcp', schema: ERROR })
  @ApiResponse({ status: 403, description: 'A key whose role cannot use MCP', schema: ERROR })
  @ApiResponse({ status: 404, description: 'The key is valid: there is no OAuth client to register; use the key on POST /mcp', schema: ERROR })
  @ApiResponse({ status: 413, description: 'Body too large', schema: ERROR })
  @ApiResponse({ status: 415, description: 'Content-Type must be application/json', schema: ERROR })
  @ApiResponse({ status: 429, description: 'Rate limit exceeded', schema: ERROR })
  @ApiResponse({ status: 503, description: 'A dependency is not reachable right now', schema: ERROR })
  async register(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<never> {
    await this.authenticator.authenticate(request.headers, request.ip, (headers) => void reply.headers(headers));
    throw new AppException(
      ErrorCode.NotFound,
      'This server has no OAuth, so there is no client to register: it takes your personal API key itself, as x-api-key or ' +
        'Authorization: Bearer on POST /mcp (see docs/mcp.md)',
    );
  }
}
