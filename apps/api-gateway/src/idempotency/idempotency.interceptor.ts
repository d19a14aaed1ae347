import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, RequestMethod, UseInterceptors } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { AppException, BadRequestError, ConflictError, ErrorCode } from '@pds/contracts';
import { toErrorResponse } from '@pds/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Observable, catchError, from, mergeMap, of } from 'rxjs';
import { IdempotencyRepository } from './idempotency.repository';

const KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** Secrets are shown once (API keys, signing secrets): a replay answers without them, and they are never stored. */
const SECRET_FIELDS = ['apiKey', 'secret'];

function withoutSecrets(response: unknown): unknown {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return response;
  return Object.fromEntries(Object.entries(response).filter(([field]) => !SECRET_FIELDS.includes(field)));
}

/**
 * `Idempotency-Key` on a POST (Stripe's semantics): the first request with a key runs and its answer
 * is kept for 24 hours; the same key with the same request gets that answer again without running
 * it (`Idempotent-Replayed: true`), with another request 422, while the first still runs 409. Keys
 * belong to the API key that sent them (the operator has one scope). 5xx answers are not kept, so a
 * retry after a failure really retries. A secret in the first answer (an API key, a signing secret)
 * is neither stored nor replayed: it is shown once.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(@Inject(IdempotencyRepository) private readonly keys: IdempotencyRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { auth?: { keyId: string } }>();
    const key = request.headers['idempotency-key'];
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || !KEY_RE.test(key)) {
      throw new BadRequestError('Idempotency-Key must be 1 to 255 visible ASCII characters', { 'Idempotency-Key': ['invalid'] });
    }
    const scope = request.auth?.keyId ?? 'operator';
    const hash = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.keys.claim(scope, key, hash)).pipe(
      mergeMap((claim) => {
        switch (claim.kind) {
          case 'mismatch':
            throw new AppException(ErrorCode.UnprocessableEntity, 'This Idempotency-Key was used with a different request', {
              'Idempotency-Key': ['already used with another method, path or body'],
            });
          case 'pending':
            throw new ConflictError('A request with this Idempotency-Key is still in progress; retry later');
          case 'done':
            void reply.header('idempotent-replayed', 'true');
            if (claim.statusCode >= 400) throw AppException.fromBody(claim.response as never);
            return of(claim.response);
          default:
            return this.runOnce(next, scope, key);
        }
      }),
    );
  }

  private runOnce(next: CallHandler, scope: string, key: string): Observable<unknown> {
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        await this.keys.complete(scope, key, 200, withoutSecrets(result));
        return result;
      }),
      catchError(async (error: unknown) => {
        const { status, body } = toErrorResponse(error);
        if (status < 500) await this.keys.complete(scope, key, status, body);
        else await this.keys.release(scope, key);
        throw error;
      }),
    );
  }
}

/**
 * Puts the interceptor on every POST handler of a controller (GETs stay free of its cost),
 * inherited ones included: RecordRoutes declares a controller's create in a base class.
 */
export function IdempotentPosts(): ClassDecorator {
  return (target) => {
    const seen = new Set<string>();
    for (let prototype = target.prototype as object; prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object) {
      for (const name of Object.getOwnPropertyNames(prototype)) {
        if (seen.has(name)) continue;
        seen.add(name);
        const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
        if (typeof descriptor?.value !== 'function' || Reflect.getMetadata(METHOD_METADATA, descriptor.value) !== RequestMethod.POST) continue;
        // A base class two controllers share is seen twice; a second interceptor would store each answer twice.
        const interceptors: unknown[] = Reflect.getMetadata(INTERCEPTORS_METADATA, descriptor.value) ?? [];
        if (!interceptors.includes(IdempotencyInterceptor)) UseInterceptors(IdempotencyInterceptor)(prototype, name, descriptor);
      }
    }
  };
}
