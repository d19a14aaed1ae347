import { existsSync, rmSync } from 'node:fs';
import { OPENAPI_DOCUMENT_FILE, RESPONSE_VALIDATORS_FILE, responseProblem, webhookProblem, writeResponseValidators } from './openapi';

/** The e2e suite's response check, with the validators its global setup compiles (it needs the build's dist/openapi.json). */
describe('the OpenAPI response check', () => {
  beforeAll(() => {
    if (!existsSync(OPENAPI_DOCUMENT_FILE)) throw new Error(`${OPENAPI_DOCUMENT_FILE} is missing: run \`npm run build\` first`);
    rmSync(RESPONSE_VALIDATORS_FILE, { force: true });
    expect(writeResponseValidators()).toBeGreaterThan(100);
  });

  const received = (method: string, path: string, status: number, text: string | undefined) => ({
    method,
    url: new URL(`http://127.0.0.1${path}`),
    status,
    contentType: 'application/json',
    text,
  });

  it('passes a documented answer and names the field of one that contradicts its schema', () => {
    expect(responseProblem(received('GET', '/api/v1/work-items', 200, '[]'))).toBeUndefined();
    expect(responseProblem(received('GET', '/api/v1/work-items', 200, '{"data":[]}'))).toMatch(/GET \/api\/v1\/work-items → 200: body does not match the documented schema\n {2}\(body\) must be array/);
    const error = JSON.stringify({ error: 'NotFound', message: 'Work item WI-9 not found', details: {} });
    expect(responseProblem(received('GET', '/api/v1/work-items/WI-9', 404, error))).toBeUndefined();
    expect(responseProblem(received('GET', '/api/v1/work-items/WI-9', 404, '{"error":"NotFound"}'))).toMatch(/must have required property 'message'/);
  });

  it('refuses an undocumented status, and an unknown path that answers anything but the 404 error body', () => {
    expect(responseProblem(received('GET', '/api/v1/work-items', 418, '[]'))).toMatch(/status 418 is not documented/);
    expect(responseProblem(received('GET', '/api/v1/no-such-thing', 200, '{}'))).toMatch(/must answer 404/);
    expect(responseProblem(received('GET', '/api/v1/no-such-thing', 404, '{}'))).toMatch(/no documented operation\) → 404: body does not match/);
  });

  it('checks a webhook delivery against its event’s payload', () => {
    expect(webhookProblem({ event: 'no.such_event' })).toMatch(/undocumented event/);
    expect(webhookProblem({ event: 'work_item.created', data: 'not an object' })).toMatch(/webhook work_item\.created: body does not match/);
  });
});
