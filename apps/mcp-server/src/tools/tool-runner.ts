import { Inject, Injectable } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LOGGER, Metrics } from '@pds/observability';
import type { Logger } from 'pino';
import { runTool } from './tool-result';

/** Runs tool bodies with the app's logger for unexpected failures, and counts each call. */
@Injectable()
export class ToolRunner {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  async run(tool: string, body: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
    const result = await runTool(this.logger, body);
    this.metrics.mcpToolCalls.inc({ tool, outcome: result.isError ? 'error' : 'ok' });
    return result;
  }
}
