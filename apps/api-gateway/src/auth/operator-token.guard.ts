import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { safeEqual } from '@pds/auth';
import { UnauthorizedError } from '@pds/contracts';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_OPTIONS, GatewayOptions } from '../gateway.options';

/** `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time. */
@Injectable()
export class OperatorTokenGuard implements CanActivate {
  constructor(@Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token || !this.options.operatorToken || !safeEqual(token, this.options.operatorToken)) {
      throw new UnauthorizedError('A valid operator token is required (Authorization: Bearer <OPERATOR_TOKEN>)');
    }
    return true;
  }
}
