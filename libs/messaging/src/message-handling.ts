import {
  ArgumentMetadata,
  ArgumentsHost,
  Catch,
  Controller,
  Inject,
  Injectable,
  PipeTransform,
  RpcExceptionFilter,
  UseFilters,
  UsePipes,
  applyDecorators,
} from '@nestjs/common';
import { AppException, ConflictError, ErrorCode, ServiceUnavailableError, validateDto } from '@pds/contracts';
import { LOGGER, Logger } from '@pds/observability';
import { isDatabaseUnavailable, isWriteConflict } from '@pds/persistence';
import { Observable, throwError } from 'rxjs';
import { MessageContext } from './message-context';

const PRIMITIVES: readonly unknown[] = [String, Number, Boolean, Array, Object];

/**
 * Validates `@Payload()` against the handler parameter's class (the contracts' request classes,
 * which nest the same DTOs the gateway validates), so a malformed message from any caller is a 400
 * from the service itself.
 */
@Injectable()
export class MessagePayloadPipe implements PipeTransform {
  transform(value: unknown, { metatype }: ArgumentMetadata): unknown {
    if (!metatype || PRIMITIVES.includes(metatype)) return value;
    return validateDto(metatype as new () => object, value, { source: 'message' });
  }
}

/**
 * Keeps an AppException thrown by a handler as it is (the bus carries its status, message and
 * details to the caller); a database that cannot be reached is ServiceUnavailable (503, retry);
 * anything else is logged with its cause and leaves as InternalError.
 */
@Catch()
@Injectable()
export class MessageExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof AppException) return throwError(() => exception);
    const context = host.switchToRpc().getContext<unknown>();
    const subject = context instanceof MessageContext ? context.subject : undefined;
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ err: exception, subject }, 'database unavailable');
      return throwError(() => new ServiceUnavailableError('The database is not reachable right now; try again shortly'));
    }
    if (isWriteConflict(exception)) {
      this.logger.warn({ err: exception, subject }, 'transaction aborted by a concurrent one');
      return throwError(() => new ConflictError('A concurrent change got in the way; retry the request'));
    }
    this.logger.error({ err: exception, subject }, 'message handler failed');
    return throwError(() => new AppException(ErrorCode.InternalError, 'Internal error'));
  }
}

/**
 * A class of `@MessagePattern`/`@EventPattern` handlers: a Nest controller with the payload
 * validation and the error mapping every message handler needs.
 */
export function MessageController(): ClassDecorator {
  return applyDecorators(Controller(), UseFilters(MessageExceptionFilter), UsePipes(MessagePayloadPipe));
}
