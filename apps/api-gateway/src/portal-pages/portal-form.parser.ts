import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { FormFields } from './portal-form';

export const PAGES_PREFIX = '/portal/';


/**
 * HTML forms post `application/x-www-form-urlencoded`. Only the portal's pages take it: anywhere
 * else it stays 415, as every other non-JSON body (the API is JSON only).
 */
@Injectable()
export class PortalFormParser implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    // Nest's adapter registers its own for every route when the app keeps its default body parsers (tests do).
    if (fastify.hasContentTypeParser('application/x-www-form-urlencoded')) fastify.removeContentTypeParser('application/x-www-form-urlencoded');
    fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
      if (!request.url.startsWith(PAGES_PREFIX)) {
        return done(Object.assign(new Error('Unsupported Media Type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), undefined);
      }
      const fields: FormFields = Object.create(null) as FormFields;
      for (const [name, value] of new URLSearchParams(body as string)) if (!(name in fields)) fields[name] = value;
      done(null, fields);
    });
  }
}
