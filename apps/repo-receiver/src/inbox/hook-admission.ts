import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { RepoProvider, ServiceUnavailableError } from '@pds/contracts';
import { RAW_BODY } from '@pds/http';
import { Metrics } from '@pds/observability';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOOK_BODY_LIMIT, REPO_RECEIVER_OPTIONS, RepoReceiverOptions } from '../common/repo.options';
import { ByteBudget } from './byte-budget';
import { HookService } from './hook.service';

/**
 * What a refused delivery is told to wait: the budget frees as the bodies in flight are answered,
 * which takes seconds even for 25 MiB ones.
 */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Route config of a receiver route (`@RouteConfig(hookRoute(provider))`): raw bytes, and whose path it is. */
type HookRouteConfig = typeof RAW_BODY & { hookProvider: RepoProvider };

export function hookRoute(provider: RepoProvider): HookRouteConfig {
  return { ...RAW_BODY, hookProvider: provider };
}

/**
 * The receiver's gate before any byte of a body is read, as a Fastify `onRequest` hook: Nest's
 * guards and pipes only run once the body has been read, which for a 25 MiB upload to a made-up id
 * is 25 MiB held for nothing.
 *
 * - Whatever the headers can refuse is refused (HookService.admit): an unknown, inactive or
 *   malformed connection id, a wrong GitLab token, a GitHub signature header of the wrong form.
 * - A GitHub body can only be verified once read (the signature covers it). Such bodies are held
 *   against one budget of bytes per process (`HOOK_UNVERIFIED_BODY_MIB`), taken from the declared
 *   length (the route's limit when none is declared) and given back when the answer is sent or the
 *   client goes away. Beyond it: 503 with Retry-After, before reading.
 *
 * GitLab bodies are not held against it: their token is checked from the headers, so whoever
 * sends one holds the connection's secret.
 */
@Injectable()
export class HookAdmission implements OnModuleInit, OnModuleDestroy {
  private readonly budget: ByteBudget;
  private removeGauge?: () => void;

  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(HookService) private readonly hooks: HookService,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(REPO_RECEIVER_OPTIONS) options: RepoReceiverOptions,
  ) {
    this.budget = new ByteBudget(options.unverifiedBodyBytes);
  }

  /**
   * Before the app listens (routes take their hooks when Fastify gets ready), in both runs alike;
   * a context without an HTTP server (message handlers only) has nothing to guard.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify?.addHook) return;
    this.removeGauge = this.metrics.repoUnverifiedBodyBytes.add(() => [[{}, this.budget.held]]);
    fastify.addHook('onRequest', (request, reply, done) => {
      const provider = (request.routeOptions.config as Partial<HookRouteConfig> | undefined)?.hookProvider;
      if (!provider) return done();
      this.admit(provider, request, reply).then(
        () => done(),
        (error: unknown) => done(error as FastifyError),
      );
    });
  }

  onModuleDestroy(): void {
    this.removeGauge?.();
  }

  private async admit(provider: RepoProvider, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { connectionId } = request.params as { connectionId: string };
    await this.hooks.admit(provider, connectionId, request.headers);
    if (provider !== RepoProvider.GITHUB) return;
    const limit = request.routeOptions.bodyLimit ?? HOOK_BODY_LIMIT;
    const declared = Number(request.headers['content-length']);
    // Declared larger than the route accepts: the body parser answers 413 without reading it.
    if (declared > limit) return;
    const release = this.budget.take(Number.isInteger(declared) && declared >= 0 ? declared : limit);
    if (!release) {
      this.metrics.repoDeliveriesReceived.inc({ provider, outcome: 'busy' });
      void reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw new ServiceUnavailableError('The receiver holds as many unverified deliveries as it may; retry shortly');
    }
    // 'close' follows the answer, and also a client that went away mid-body; one that went away
    // while the connection was looked up has closed already.
    if (reply.raw.destroyed) release();
    else reply.raw.once('close', release);
  }
}
