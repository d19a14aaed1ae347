import { Inject, Injectable, InjectionToken, OnApplicationShutdown, OnModuleInit, Provider } from '@nestjs/common';
import { Metrics } from './metrics';

export type HealthCheck = () => Promise<void>;

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, { status: 'up' | 'down'; error?: string }>;
}

const CHECK_TIMEOUT_MS = 2000;
/** Under the scrape's own limit for a gauge source (two seconds), so a dependency that hangs is reported down, not left out. */
const SCRAPE_CHECK_TIMEOUT_MS = 1500;

function withTimeout(check: HealthCheck, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Dependencies register what "ready" means for them (database reachable, NATS connected). */
/** The same checks are `pds_dependency_up` at each scrape: alerts see what /ready answers, per dependency. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();

  constructor(@Inject(Metrics) metrics: Metrics) {
    metrics.dependencyUp.add(async () => {
      const { checks } = await this.readiness(SCRAPE_CHECK_TIMEOUT_MS);
      return Object.entries(checks).map(([dependency, result]) => [{ dependency }, result.status === 'up' ? 1 : 0] as const);
    });
  }

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  async readiness(timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check, timeoutMs);
          return [name, { status: 'up' as const }] as const;
        } catch (error) {
          return [name, { status: 'down' as const, error: (error as Error).message }] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const status = entries.every(([, result]) => result.status === 'up') ? 'ok' : 'unavailable';
    return { status, checks };
  }
}

/** A connection an app holds for its lifetime (the database, NATS). */
export interface HeldConnection {
  ping(): Promise<unknown>;
  close(): Promise<unknown>;
}

/**
 * The provider that makes the connection behind `token` part of /ready as `name` and closes it when
 * the app shuts down; a module that opens such a connection lists it beside it. A failed close is
 * ignored: the process is leaving and has nothing left to tell.
 */
export function heldConnection(name: string, token: InjectionToken): Provider {
  return {
    provide: `${name} connection lifecycle`,
    inject: [token, HealthRegistry],
    useFactory: (connection: HeldConnection, health: HealthRegistry): OnModuleInit & OnApplicationShutdown => ({
      onModuleInit: () => health.register(name, async () => void (await connection.ping())),
      onApplicationShutdown: async () => void (await connection.close().catch(() => undefined)),
    }),
  };
}
