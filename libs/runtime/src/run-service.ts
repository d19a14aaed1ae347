import 'reflect-metadata';
import { DynamicModule, Type } from '@nestjs/common';
import { AppConfig, loadConfig } from '@pds/config';
import { runDistributedApp, runMain } from './distributed-app';

/** Entry point of an app that needs no configuration beyond the common variables and PORT. */
export function runService(options: { name: string; defaultPort: number; imports: (Type<unknown> | DynamicModule)[] }): void {
  runMain(async () => {
    const config = loadConfig(AppConfig, process.env, { PORT: options.defaultPort });
    await runDistributedApp({ name: options.name, config, port: config.PORT, host: config.HOST, imports: options.imports });
  });
}
