import { Type } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { JsonPage, JsonText, Page } from '@pds/contracts';

/**
 * What a route answers with, for the OpenAPI document. The decorators are typed against the
 * method they decorate: `@Returns(WorkItemResponse)` on a method that resolves to anything else
 * does not compile, so the document cannot name another shape than the handler returns (JSON text
 * of that shape, passed on from a service, counts as the shape).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parameters: only the result is checked
type Handler<R> = (...args: any[]) => Promise<R | JsonText<R>> | R;
type TypedMethodDecorator<R> = <M extends Handler<R>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;

function typed<R>(decorator: MethodDecorator): TypedMethodDecorator<R> {
  return (target, key, descriptor) => void decorator(target, key, descriptor);
}

/** 200 with one record of `type`. */
export function Returns<T>(type: Type<T>, description = 'Success'): TypedMethodDecorator<T> {
  return typed<T>(ApiOkResponse({ type, description }));
}

/** 200 with a JSON array of `type`; the next page's cursor in `Link` and `X-Next-Cursor`. */
export function ReturnsPage<T>(type: Type<T>): TypedMethodDecorator<Page<T> | JsonPage<T>> {
  return typed(
    ApiOkResponse({
      type,
      isArray: true,
      description: 'One page, as a plain array. More pages: follow `Link: <…>; rel="next"` or pass `X-Next-Cursor` as `cursor`.',
      headers: {
        Link: { description: '`<path?cursor=…>; rel="next"` while there is a next page', schema: { type: 'string' } },
        'X-Next-Cursor': { description: 'Cursor of the next page; absent on the last page', schema: { type: 'string' } },
      },
    }),
  );
}

/** 200 with an empty body (DELETE and the like). */
export function ReturnsNothing(): TypedMethodDecorator<void> {
  return typed<void>(ApiOkResponse({ description: 'Done; the body is empty' }));
}
