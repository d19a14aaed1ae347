import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { safeEqual } from '@pds/auth';
import { UnauthorizedError } from '@pds/contracts';
import { AuthFailures } from '@pds/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_OPTIONS, GatewayOptions } from '../gateway.options';

/**
 * `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time. A wrong token counts against
 * the client address like a wrong API key (the same budget); an address over it gets 429 before
 * the comparison, even with the right token, or a guesser would learn which guess was right.
 */
@Injectable()
export class OperatorTokenGuard implements CanActivate {
  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(AuthFailures) private readonly failures: AuthFailures,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers.authorization;
    // No credentials at all is no guess: refused without counting, as a missing API key is.
    if (header === undefined) throw unauthorized();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const attempt = this.failures.attempt(request.ip, (headers) => void reply.headers(headers));
    attempt.beforeLookup();
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token || !this.options.operatorToken || !safeEqual(token, this.options.operatorToken)) {
      attempt.failed();
      throw unauthorized();
    }
    return true;
  }
}

function unauthorized(): UnauthorizedError {
  return new UnauthorizedError('A valid operator token is required (Authorization: Bearer <OPERATOR_TOKEN>)');
}
