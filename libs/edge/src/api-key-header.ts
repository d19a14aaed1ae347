type Headers = Record<string, string | string[] | undefined>;

/**
 * The key an MCP-style client sends: `x-api-key: <key>`, or `Authorization: Bearer <key>` (what
 * Codex's `bearer_token_env_var` produces). `undefined` when neither header is there.
 */
export function apiKeyFromHeaders(headers: Headers): string | undefined {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string') return direct;
  const authorization = headers.authorization;
  if (typeof authorization !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : authorization;
}
