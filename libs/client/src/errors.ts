/** The error body every refusal of the API carries. */
export interface ApiErrorBody {
  error: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * A response of the API outside 2xx: its status, and the body's `error`, `message` and
 * `details` (a body that is not the API's error shape, from a proxy say, keeps its text as message).
 */
export class PdsApiError extends Error implements ApiErrorBody {
  override readonly name = 'PdsApiError';

  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details: Record<string, unknown> | undefined,
    readonly response: Response,
  ) {
    super(message);
  }

  /** Reads the body of a failed response (the response itself is left unread). */
  static async from(response: Response): Promise<PdsApiError> {
    const text = await response.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (isErrorBody(body)) return new PdsApiError(response.status, body.error, body.message, body.details, response);
    return new PdsApiError(response.status, `Http${response.status}`, text || response.statusText || `HTTP ${response.status}`, undefined, response);
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { error, message, details } = body as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string' && (details === undefined || (typeof details === 'object' && details !== null));
}
