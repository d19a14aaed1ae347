import { SetMetadata } from '@nestjs/common';

export const MESSAGE_SUBJECT = Symbol('MESSAGE_SUBJECT');

/** Marks a handler method as the server of a request/reply subject (`delivery.work-item.get`). */
export const HandleMessage = (subject: string): MethodDecorator => SetMetadata(MESSAGE_SUBJECT, subject);
