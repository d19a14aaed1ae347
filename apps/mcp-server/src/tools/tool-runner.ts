import { Inject, Injectable } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LOGGER } from '@pds/observability';
import type { Logger } from 'pino';
import { runTool } from './tool-result';

/** Runs tool bodies with the app's logger for unexpected failures. */
@Injectable()
export class ToolRunner {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  run(body: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
    return runTool(this.logger, body);
  }
}
