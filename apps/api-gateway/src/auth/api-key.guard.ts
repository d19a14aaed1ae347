import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AppException, AuthContext, ErrorCode } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { ApiKeyAuthenticator } from './api-key.authenticator';

export interface AuthenticatedRequest extends FastifyRequest {
  auth: AuthContext;
}

/** Authenticates the `x-api-key`, then charges the key's rate limit (GitHub-style headers on every answer). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const auth = await this.authenticator.authenticate(request.headers['x-api-key']);
    const decision = this.rateLimiter.hit(auth.keyId);
    void reply.headers({
      'ratelimit-limit': decision.limit,
      'ratelimit-remaining': decision.remaining,
      'ratelimit-reset': decision.resetSeconds,
    });
    if (!decision.allowed) {
      void reply.header('retry-after', decision.resetSeconds);
      throw new AppException(ErrorCode.TooManyRequests, `Rate limit of ${decision.limit} requests per minute exceeded`, {
        retryAfterSeconds: decision.resetSeconds,
      });
    }
    request.auth = auth;
    return true;
  }
}
