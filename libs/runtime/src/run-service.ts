import 'reflect-metadata';
import { Type } from '@nestjs/common';
import { AppConfig, RetentionConfig, TrashConfig, loadConfig } from '@pds/config';
import { DistributedAppOptions, runDistributedApp, runMain } from './distributed-app';

/** What an app adds to the common boot: its modules and, for the edges, its HTTP settings. */
export type AppParts = Pick<DistributedAppOptions, 'imports' | 'routeBodyLimits' | 'configure'>;

export interface ServiceEntry<C extends AppConfig> {
  /** Process name in logs, NATS and PostgreSQL connection lists. */
  name: string;
  /** The app's configuration class when it needs more than the common variables (default AppConfig). */
  config?: Type<C>;
  /** PORT when the environment sets none (each app has its own so they can share a machine). */
  defaultPort?: number;
  /**
   * Builds the app's parts once its configuration has loaded; app-specific settings are read here,
   * inside the entry point, so a bad one is reported in one line like any other.
   */
  parts(config: C): AppParts;
}

/** The whole entry point of a distributed app: configuration, then the common boot. */
export function runService<C extends AppConfig = AppConfig>(entry: ServiceEntry<C>): void {
  runMain(async () => {
    const defaults = (entry.defaultPort === undefined ? {} : { PORT: entry.defaultPort }) as Partial<C>;
    const config = loadConfig(entry.config ?? (AppConfig as Type<C>), process.env, defaults);
    // Read by the relays' and the trash's providers; loaded here first so that a bad value is one
    // line like any other, not a stack from the middle of the module graph.
    loadConfig(RetentionConfig);
    loadConfig(TrashConfig);
    await runDistributedApp({ name: entry.name, config, port: config.PORT, host: config.HOST, ...entry.parts(config) });
  });
}
