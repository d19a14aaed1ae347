import { Controller, ExecutionContext, Type, UseGuards, UseInterceptors, UsePipes, applyDecorators, createParamDecorator } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '@pds/contracts';
import { ContractValidationPipe, PageInterceptor, ReturnsPage } from '@pds/http';
import { IdempotentPosts } from '../idempotency/idempotency.interceptor';
import { ApiKeyGuard, AuthenticatedRequest } from './api-key.guard';

export const API_PREFIX = 'api/v1';

/** A REST resource under /api/v1: key authentication, rate limit, contract validation, idempotent POSTs. */
export function ApiController(path: string): ClassDecorator {
  return applyDecorators(
    Controller(`${API_PREFIX}/${path}`),
    UseGuards(ApiKeyGuard),
    UsePipes(ContractValidationPipe),
    IdempotentPosts(),
    ApiSecurity('apiKey'),
    ApiTags(path.split('/')[0]),
  );
}

/**
 * A list endpoint: the service's page becomes a plain array plus paging headers. Only on lists:
 * Nest's interceptor machinery costs measurable CPU on every request it wraps.
 */
export function Paginated<T>(type: Type<T>): ReturnType<typeof ReturnsPage<T>> {
  const documented = ReturnsPage(type);
  return (target, key, descriptor) => {
    UseInterceptors(PageInterceptor)(target, key, descriptor);
    documented(target, key, descriptor);
  };
}

/** The caller resolved from the API key. */
export const Auth = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext => context.switchToHttp().getRequest<AuthenticatedRequest>().auth,
);
