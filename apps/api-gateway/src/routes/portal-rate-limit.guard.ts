import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { RateLimiter, rateLimitError, rateLimitHeaders } from '@pds/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The public portal has no key to charge: the client address is charged instead (same limit), per
 * portal, so one organization's busy portal does not use up another's (TRUST_PROXY decides whose
 * address `request.ip` is).
 */
@Injectable()
export class PortalRateLimitGuard implements CanActivate {
  constructor(@Inject(RateLimiter) private readonly rateLimiter: RateLimiter) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const { slug } = request.params as { slug: string };
    const decision = this.rateLimiter.hit(`portal:${slug.toLowerCase()}:${request.ip}`);
    void reply.headers(rateLimitHeaders(decision));
    const denied = rateLimitError(decision);
    if (denied) throw denied;
    return true;
  }
}
