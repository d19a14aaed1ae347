import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorBody, AppException, ErrorCode } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiRefusals } from './api-refusals';
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
  @ApiRefusals(ERROR, {
    400: 'Not JSON',
    401: 'Missing, malformed, unknown or revoked key: the same message as POST /mcp',
    403: 'A key whose role cannot use MCP',
    404: 'The key is valid: there is no OAuth client to register; use the key on POST /mcp',
    429: 'Rate limit exceeded',
  })
  async register(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<never> {
    await this.authenticator.authenticateRequest(request, reply);
    throw new AppException(
      ErrorCode.NotFound,
      'This server has no OAuth, so there is no client to register: it takes your personal API key itself, as x-api-key or ' +
        'Authorization: Bearer on POST /mcp (see docs/mcp.md)',
    );
  }
}
