import { BaseRpcContext } from '@nestjs/microservices';

/** What `@Ctx()` gives a message handler: the subject (without the stack's prefix) it came on. */
export class MessageContext extends BaseRpcContext<[string]> {
  constructor(subject: string) {
    super([subject]);
  }

  get subject(): string {
    return this.args[0];
  }
}
