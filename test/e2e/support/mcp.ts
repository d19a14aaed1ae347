/* The MCP side of the contract suite: the SDK's own client over Streamable HTTP against the started stack. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient, Json } from './client';
import { stackInfo } from './stack-info';
import { API, ok, strategyBasics } from './strategy-fixtures';

export function mcpUrl(): string {
  return `${stackInfo().mcpUrl}/mcp`;
}

/** A connected (initialized) SDK client sending these headers on every request. */
export async function connectMcp(headers: Record<string, string>, url = mcpUrl()): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export const withKey = (apiKey: string, url?: string) => connectMcp({ 'x-api-key': apiKey }, url);

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** How a record names itself in an MCP answer: its key where it has one, else its uuid. */
export function nameOf(record: Json): string {
  return record.key ?? record.id;
}

/** A successful call's structured result; the text content carries the same JSON. */
export async function data(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  const text = (result.content[0] as { type: string; text: string }).text;
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** A failed call's parsed text (error, message, next). */
export async function toolError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = await call(client, name, args);
  expect(result.isError).toBe(true);
  const text = (result.content[0] as { text: string }).text;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** Raw JSON-RPC over fetch, for what the SDK client would not send (bad keys, GET, origins, batches). */
export async function rawMcp(
  method: string,
  headers: Record<string, string> = {},
  body?: unknown,
  url = mcpUrl(),
): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Json = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // leave the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A `tools/call` message, for batches. */
export function toolCall(id: number, name: string, args: Record<string, unknown> = {}): Json {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

export interface DiscoveryFixture {
  annualGoal: Json;
  productGoal: Json;
  ckr: Json;
  interview: Json;
  insights: Json[];
  opportunity: Json;
  solution: Json;
  experiment: Json;
  workItems: Json[];
  blocker: Json;
}

/**
 * One organization's discovery chain over REST: goals → OKR with key results → opportunity backed by
 * `insightCount` insights from one interview → solution → experiment, and `workItemCount` work items
 * delivering the opportunity, the first blocked by an open one.
 */
export async function discoveryFixture(api: ApiClient, options: { insightCount?: number; workItemCount?: number; quote?: string } = {}): Promise<DiscoveryFixture> {
  const basics = await strategyBasics(api);
  const annualGoal = await ok(api.get(`${API}/annual-goals/${basics.annualGoalId}`));
  const productGoal = await ok(api.post(`${API}/product-goals`, { title: 'Self-serve checkout', annualGoalId: annualGoal.id, explanation: 'Sales calls do not scale' }));
  const ckr = await ok(
    api.post(`${API}/ckrs`, {
      title: 'Checkout converts',
      annualGoalId: annualGoal.id,
      productGoalId: productGoal.id,
      planningCycleIds: [basics.planningCycleId],
      keyResults: [{ title: 'Conversion to 5%', targetValue: 5, currentValue: 2, unit: '%' }, { title: 'Drop-off below 20%', targetValue: 20 }],
    }),
  );
  const interview = await ok(
    api.post(`${API}/interviews`, {
      title: 'Interview with Dana',
      participant: 'Dana, buyer at Acme',
      conductedAt: '2026-03-02T10:00:00.000Z',
      transcript: 'T'.repeat(20_000),
      summary: 'Dana abandons checkout when asked for a phone number.',
      analysis: 'Phone field is the main drop-off.',
    }),
  );
  const insights: Json[] = [];
  for (let i = 0; i < (options.insightCount ?? 3); i++) {
    insights.push(
      await ok(
        api.post(`${API}/insights`, {
          title: `Checkout friction ${i + 1}`,
          interviewId: interview.id,
          quotes: [options.quote ?? `I gave up at the phone field (${i + 1})`, 'Second quote'],
        }),
      ),
    );
  }
  const opportunity = await ok(
    api.post(`${API}/opportunities`, {
      title: 'Checkout asks for too much',
      ckrId: ckr.id,
      productGoalId: productGoal.id,
      impact: 4,
      confidence: 3,
      reach: 1000,
      effort: 2,
      insightIds: insights.map((i) => i.id),
    }),
  );
  const solution = await ok(api.post(`${API}/opportunities/${opportunity.id}/solutions`, { title: 'Drop the phone field' }));
  const experiment = await ok(api.post(`${API}/experiments`, { ckrId: ckr.id, solutionId: solution.id, title: 'A/B without phone', hypothesis: 'Conversion rises' }));
  const workItems: Json[] = [];
  for (let i = 0; i < (options.workItemCount ?? 3); i++) {
    workItems.push(await ok(api.post(`${API}/work-items`, { title: `Remove phone field part ${i + 1}`, type: 'TASK', opportunityId: opportunity.id })));
  }
  const blocker = await ok(api.post(`${API}/work-items`, { title: 'Update privacy policy', type: 'TASK' }));
  await ok(api.post(`${API}/work-items/${workItems[0].id}/relations`, { type: 'blocked_by', targetId: blocker.id }));
  return { annualGoal, productGoal, ckr, interview, insights, opportunity, solution, experiment, workItems, blocker };
}
