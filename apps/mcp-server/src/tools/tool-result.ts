import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppException, ErrorCode } from '@pds/contracts';
import type { Logger } from 'pino';

/** Compact JSON in `structuredContent`, the same JSON as text for clients that read only text. */
export function toolResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

const NEXT_STEP: Partial<Record<string, string>> = {
  [ErrorCode.NotFound]: 'Check the ref: search or list_records find records of your organization by title or key.',
  [ErrorCode.BadRequest]: 'Fix the arguments named in details and call the tool again.',
  [ErrorCode.Forbidden]: 'Your role may not do this; ask a PM or ADMIN, or use a read tool instead.',
  [ErrorCode.Conflict]: 'Read the record again (get_records), then retry with its current updatedAt as expectedUpdatedAt.',
  [ErrorCode.TooManyRequests]: 'Wait until the rate-limit window resets, then retry.',
};

/** A failed call as a tool result the agent can act on; never a protocol error, never internals. */
export function toolError(error: unknown, logger: Pick<Logger, 'error'>): CallToolResult {
  if (!(error instanceof AppException)) {
    logger.error({ err: error }, 'MCP tool failed');
    return toolError(new AppException(ErrorCode.InternalError, 'Internal error'), logger);
  }
  const body = error.toBody();
  const next = NEXT_STEP[body.error] ?? 'Try again later.';
  const text = JSON.stringify({ error: body.error, message: body.message, ...(body.details ? { details: body.details } : {}), next });
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs a tool body: its data as a result, a service's AppException as an `isError` result. */
export async function runTool(logger: Pick<Logger, 'error'>, body: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return toolResult(await body());
  } catch (error) {
    return toolError(error, logger);
  }
}
