import { HttpException } from '@nestjs/common';
import { ApiErrorBody, AppException, ERROR_STATUS, ErrorCode } from '@pds/contracts';
import { isDatabaseUnavailable, isWriteConflict } from '@pds/persistence';

export interface ErrorResponse {
  status: number;
  body: ApiErrorBody;
  /** Only unexpected failures are worth a stack trace in the log. */
  unexpected: boolean;
}

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = Object.freeze(
  Object.fromEntries(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode])),
);

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

function fastifyError(error: FastifyLikeError): ErrorResponse | undefined {
  if (typeof error.code !== 'string' || !error.code.startsWith('FST_')) return undefined;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return clientError(ErrorCode.PayloadTooLarge, 'Request body is larger than this endpoint accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return clientError(ErrorCode.UnsupportedMediaType, 'Request bodies must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return clientError(ErrorCode.BadRequest, 'Request body is empty but Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return clientError(ErrorCode.BadRequest, 'Request body is not valid JSON');
    default: {
      const status = error.statusCode ?? 500;
      if (status >= 500) return undefined;
      return clientError(CODE_BY_STATUS[status] ?? ErrorCode.BadRequest, error.message ?? 'Bad request');
    }
  }
}

function clientError(code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorResponse {
  const body: ApiErrorBody = details ? { error: code, message, details } : { error: code, message };
  return { status: ERROR_STATUS[code], body, unexpected: false };
}

/** Every failure of every HTTP edge becomes the contract's `{ error, message, details? }`. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppException) return { status: error.status, body: error.toBody(), unexpected: false };
  if (isWriteConflict(error)) return clientError(ErrorCode.Conflict, 'A concurrent change got in the way; retry the request');
  if (isDatabaseUnavailable(error)) return clientError(ErrorCode.ServiceUnavailable, 'The database is not reachable right now; try again shortly');
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.InternalError : ErrorCode.BadRequest);
    const response = error.getResponse();
    const message =
      typeof response === 'object' && response !== null && 'message' in response && typeof response.message === 'string'
        ? response.message
        : error.message;
    return { status, body: { error: code, message }, unexpected: status >= 500 };
  }
  if (error instanceof SyntaxError && 'body' in error) return clientError(ErrorCode.BadRequest, 'Request body is not valid JSON');
  const fromFastify = typeof error === 'object' && error !== null ? fastifyError(error as FastifyLikeError) : undefined;
  if (fromFastify) return fromFastify;
  return {
    status: 500,
    body: { error: ErrorCode.InternalError, message: 'Internal error' },
    unexpected: true,
  };
}
