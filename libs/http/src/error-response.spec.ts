import { BadRequestException, HttpException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { AppException, ErrorCode, NotFoundError } from '@pds/contracts';
import { toErrorResponse } from './error-response';

describe('toErrorResponse: every failure as the contract body {error, message, details?}', () => {
  it('keeps an AppException as it is, details included', () => {
    expect(toErrorResponse(new AppException(ErrorCode.BadRequest, 'Invalid body', { title: ['too short'] }))).toEqual({
      status: 400,
      body: { error: 'BadRequest', message: 'Invalid body', details: { title: ['too short'] } },
      unexpected: false,
    });
    expect(toErrorResponse(new NotFoundError('Work item', 'WI-9'))).toMatchObject({ status: 404, body: { error: 'NotFound' }, unexpected: false });
  });

  it('turns a serialization failure or deadlock into 409 and an unreachable database into 503, however deep the cause', () => {
    expect(toErrorResponse({ code: '40001' })).toMatchObject({ status: 409, body: { error: 'Conflict' }, unexpected: false });
    expect(toErrorResponse({ code: 'P2034' })).toMatchObject({ status: 409, body: { error: 'Conflict' } });
    expect(toErrorResponse(Object.assign(new Error('tx'), { cause: { code: '40P01' } }))).toMatchObject({ status: 409 });
    expect(toErrorResponse(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatchObject({
      status: 503,
      body: { error: 'ServiceUnavailable', message: 'The database is not reachable right now; try again shortly' },
      unexpected: false,
    });
  });

  it("maps Nest's HttpExceptions by status, with their message; only 5xx is unexpected", () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /nope'))).toEqual({ status: 404, body: { error: 'NotFound', message: 'Cannot GET /nope' }, unexpected: false });
    expect(toErrorResponse(new BadRequestException())).toMatchObject({ status: 400, body: { error: 'BadRequest' } });
    expect(toErrorResponse(new HttpException('teapot', 418))).toMatchObject({ status: 418, body: { error: 'BadRequest', message: 'teapot' }, unexpected: false });
    expect(toErrorResponse(new ServiceUnavailableException('down'))).toMatchObject({ status: 503, body: { error: 'ServiceUnavailable' }, unexpected: true });
    expect(toErrorResponse(new HttpException('odd', 599))).toMatchObject({ status: 599, body: { error: 'InternalError' }, unexpected: true });
  });

  it("names Fastify's body refusals in the contract's words", () => {
    const fastify = (code: string, statusCode?: number, message?: string) => Object.assign(new Error(message ?? code), { code, statusCode });
    expect(toErrorResponse(fastify('FST_ERR_CTP_BODY_TOO_LARGE', 413))).toEqual({
      status: 413,
      body: { error: 'PayloadTooLarge', message: 'Request body is larger than this endpoint accepts' },
      unexpected: false,
    });
    expect(toErrorResponse(fastify('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415))).toMatchObject({ status: 415, body: { error: 'UnsupportedMediaType' } });
    expect(toErrorResponse(fastify('FST_ERR_CTP_EMPTY_JSON_BODY', 400))).toMatchObject({ status: 400, body: { message: 'Request body is empty but Content-Type is application/json' } });
    expect(toErrorResponse(fastify('FST_ERR_CTP_INVALID_JSON_BODY', 400))).toMatchObject({ status: 400, body: { message: 'Request body is not valid JSON' } });
    expect(toErrorResponse(fastify('FST_ERR_OTHER', 404, 'Route not found'))).toMatchObject({ status: 404, body: { error: 'NotFound', message: 'Route not found' } });
    // A Fastify 5xx is a failure of ours, not the client's: it says nothing about its internals.
    expect(toErrorResponse(fastify('FST_ERR_OTHER', 500, 'secret internals'))).toEqual({
      status: 500,
      body: { error: 'InternalError', message: 'Internal error' },
      unexpected: true,
    });
  });

  it('answers a JSON SyntaxError from body parsing as 400 and anything else as a bare 500', () => {
    expect(toErrorResponse(Object.assign(new SyntaxError('Unexpected token'), { body: '{' }))).toMatchObject({ status: 400, body: { error: 'BadRequest' } });
    expect(toErrorResponse(new TypeError('x is undefined'))).toEqual({ status: 500, body: { error: 'InternalError', message: 'Internal error' }, unexpected: true });
    expect(toErrorResponse('a string')).toMatchObject({ status: 500, unexpected: true });
  });
});
