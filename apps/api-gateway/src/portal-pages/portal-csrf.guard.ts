import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError } from '@pds/contracts';
import type { FastifyRequest } from 'fastify';
import type { FormFields } from './portal-form';
import { CSRF_FIELD, csrfMatches } from './portal-security';

/** A form post must carry its page's anti-forgery token, matching its cookie (403 page otherwise). */
@Injectable()
export class PortalCsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!csrfMatches(request, (request.body as FormFields | undefined)?.[CSRF_FIELD])) throw new ForbiddenError('The form was sent without its anti-forgery token');
    return true;
  }
}
