import { Inject, Injectable } from '@nestjs/common';
import { ROLES_WITHOUT_KEYS } from '@pds/auth';
import { AppException, AuditVia, AuthContext, ErrorCode, ForbiddenError, IdentitySubjects, UnauthorizedError } from '@pds/contracts';
import { ApiKeyCache, AuthFailures, RateLimiter, apiKeyFromHeaders, checkApiKey, rateLimitError, rateLimitHeaders } from '@pds/edge';
import { MessageBus } from '@pds/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MCP_OPTIONS, McpOptions } from '../mcp.options';

const HOW_TO =
  'Create a personal key with POST /api/v1/me/api-keys (role ADMIN, PM or DEV), export it as PRODUCT_OS_API_KEY ' +
  'and send it on every request as "x-api-key: $PRODUCT_OS_API_KEY" or "Authorization: Bearer $PRODUCT_OS_API_KEY" ' +
  '(see docs/mcp.md for the Claude Code and Codex setups).';

/**
 * Resolves the key of an MCP request through the identity context (never its tables) and charges
 * the key's per-minute budget, which the REST edge shares. Refused keys never reach the MCP layer.
 */
@Injectable()
export class McpAuthenticator {
  private readonly cache: ApiKeyCache;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
    @Inject(AuthFailures) private readonly failures: AuthFailures,
    @Inject(MCP_OPTIONS) options: McpOptions,
  ) {
    // Stamped once per cached key: every bus message of an MCP call carries its edge for the audit log.
    this.cache = new ApiKeyCache(options.apiKeyCacheTtlMs, async (keyHash) => {
      const auth = await this.bus.request(IdentitySubjects.verifyApiKey, { keyHash });
      return auth && { ...auth, via: AuditVia.MCP };
    });
  }

  /** A key was revoked (broadcast by the identity context): drop it now, not after the TTL. */
  forget(keyHash: string): void {
    this.cache.evict(keyHash);
  }

  /** The key of an HTTP request; the rate-limit headers go on `reply`, also those of a refusal. */
  authenticateRequest(request: FastifyRequest, reply: FastifyReply, messages = 1): Promise<AuthContext> {
    return this.authenticate(request.headers, request.ip, (headers) => void reply.headers(headers), messages);
  }

  /**
   * `setHeaders` receives the rate-limit headers, also of a denied request. `messages` is what the
   * request costs: a JSON-RPC batch is charged one per message, all or nothing.
   */
  async authenticate(
    headers: Record<string, string | string[] | undefined>,
    address: string,
    setHeaders: (headers: Record<string, number>) => void,
    messages = 1,
  ): Promise<AuthContext> {
    const key = apiKeyFromHeaders(headers);
    if (key === undefined) throw new UnauthorizedError(`Missing API key. ${HOW_TO}`);
    const auth = await checkApiKey(key, this.cache, this.failures.attempt(address, setHeaders), HOW_TO);
    if (ROLES_WITHOUT_KEYS.includes(auth.role)) {
      throw new ForbiddenError(`Keys with role ${auth.role} cannot use MCP; use a personal key of an ADMIN, PM or DEV user`, {
        role: [auth.role],
      });
    }
    const decision = this.rateLimiter.hit(auth.keyId, messages);
    setHeaders(rateLimitHeaders(decision));
    if (!decision.allowed && messages > 1) {
      throw new AppException(
        ErrorCode.TooManyRequests,
        `Rate limit of ${decision.limit} requests per minute: this batch of ${messages} messages counts as ${messages} requests and ` +
          `${decision.remaining} remain, so none of it ran; send fewer messages, or retry after ${decision.resetSeconds} s`,
        { retryAfterSeconds: decision.resetSeconds, batchSize: messages, remaining: decision.remaining },
      );
    }
    const denied = rateLimitError(decision);
    if (denied) throw denied;
    return auth;
  }
}
