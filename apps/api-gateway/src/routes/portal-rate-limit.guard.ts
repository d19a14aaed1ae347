import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { RateLimiter, rateLimitError, rateLimitHeaders } from '@pds/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The public portal has no key to charge: the client address is charged instead (same limit). */
@Injectable()
export class PortalRateLimitGuard implements CanActivate {
  constructor(@Inject(RateLimiter) private readonly rateLimiter: RateLimiter) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const decision = this.rateLimiter.hit(`portal:${request.ip}`);
    void reply.headers(rateLimitHeaders(decision));
    const denied = rateLimitError(decision);
    if (denied) throw denied;
    return true;
  }
}
