import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '@pds/contracts';
import { AuthFailures, RateLimiter, rateLimitError, rateLimitHeaders } from '@pds/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuthenticator } from '../identity/api-key.authenticator';

export interface AuthenticatedRequest extends FastifyRequest {
  auth: AuthContext;
}

/**
 * Authenticates the `x-api-key` (failed attempts are limited per client address), then charges the
 * key's rate limit (GitHub-style headers on every answer).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
    @Inject(AuthFailures) private readonly failures: AuthFailures,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const attempt = this.failures.attempt(() => request.ip, (headers) => void reply.headers(headers));
    const auth = await this.authenticator.authenticate(request.headers['x-api-key'], attempt);
    const decision = this.rateLimiter.hit(auth.keyId);
    void reply.headers(rateLimitHeaders(decision));
    const denied = rateLimitError(decision);
    if (denied) throw denied;
    request.auth = auth;
    return true;
  }
}
