/**
 * JSON-RPC batches (an array of messages in one POST) as MCP 2025-03-26 allows them. Each message
 * runs as if posted on its own, so each is charged to the key's rate limit (McpAuthenticator).
 */

/** Messages one batch may carry (the SDK alone allows 100): one POST does at most the work of 20. */
export const MAX_BATCH_MESSAGES = 20;

/** The protocol version that removed batching; every later one leaves it out too. */
export const BATCHLESS_SINCE = '2025-06-18';

/** What a POST costs against the key's per-minute budget: one per message. */
export function messageCount(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

/**
 * Why a body may not run, as a JSON-RPC "Invalid Request" message; `undefined` for a single message
 * or an allowed batch. Stateless, the server knows the protocol version only from this request's
 * MCP-Protocol-Version header; without it MCP assumes 2025-03-26, which has batches. `cap` is the
 * largest batch (at most the key's per-minute limit: a larger one could never run).
 */
export function batchRefusal(body: unknown, protocolVersion: string | undefined, cap: number): string | undefined {
  if (!Array.isArray(body)) return undefined;
  if (protocolVersion !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(protocolVersion) && protocolVersion < BATCHLESS_SINCE)) {
    return `Invalid Request: MCP ${BATCHLESS_SINCE} removed JSON-RPC batches and this request names MCP-Protocol-Version ${protocolVersion}; send one message per POST`;
  }
  if (body.length === 0) return 'Invalid Request: empty batch';
  if (body.length > cap) {
    return `Invalid Request: a batch may carry at most ${cap} messages and this one has ${body.length}; split it or send one message per POST`;
  }
  return undefined;
}
