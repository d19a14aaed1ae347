import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { MESSAGE_SUBJECT } from './handle-message.decorator';
import { MessageBus } from './message-bus';

/** Finds every `@HandleMessage` method in the application and serves it on the bus. */
@Injectable()
export class MessageHandlerExplorer implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly bus: MessageBus,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isNotMetatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = instance[name] as (payload: unknown) => unknown;
        const subject = Reflect.getMetadata(MESSAGE_SUBJECT, method) as string | undefined;
        if (subject) this.bus.serve(subject, (payload) => method.call(instance, payload));
      }
    }
  }
}
