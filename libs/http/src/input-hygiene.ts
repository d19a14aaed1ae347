import { BadRequestError } from '@pds/contracts';

/** Deeper JSON is refused before any code walks it recursively (class-transformer would overflow the stack). */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What PostgreSQL cannot store faithfully: NUL is not allowed in text, and a lone UTF-16 surrogate
 * has no UTF-8 form (it would be stored as U+FFFD on some routes and fail on others). Both are
 * refused at the edge, the same way on every route (docs/decisions.md).
 */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate';
  return undefined;
}

/** The first problem of a parsed JSON body: the path of the field and the detail of the 400, walked without recursion. */
export function jsonProblem(body: unknown): { path: string; message: string; detail: string } | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  const problem = (path: string, detail: string) => ({ path, message: `${path} ${detail}`, detail });
  while (stack.length) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      const text = textProblem(value);
      if (text) return problem(path || 'body', text);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) return problem(path || 'body', `must not be nested deeper than ${MAX_JSON_DEPTH} levels`);
      for (const [key, child] of Object.entries(value)) {
        const childPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
        const keyProblem = textProblem(key);
        if (keyProblem) return problem(childPath, `field name ${keyProblem}`);
        // JSON.parse keeps "__proto__" as an own key, which any assignment or merge turns into a
        // prototype, and the MCP SDK's argument records drop silently: refused here, where the body
        // is parsed, as the unknown field it is on every route (docs/decisions.md).
        if (key === '__proto__') return { path: childPath, message: childPath, detail: `property ${childPath} should not exist` };
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

export function refuseJson(body: unknown): BadRequestError | undefined {
  const found = jsonProblem(body);
  return found && new BadRequestError(`Invalid body: ${found.message}`, { [found.path]: [found.detail] });
}

/** Path parameters and query values: the same rules as body strings. Runs on every request, so without allocating. */
export function refuseParameters(source: 'path' | 'query', values: unknown): BadRequestError | undefined {
  if (!values || typeof values !== 'object') return undefined;
  for (const name in values) {
    const value = (values as Record<string, unknown>)[name];
    let problem = textProblem(name);
    if (!problem && typeof value === 'string') problem = textProblem(value);
    if (!problem && Array.isArray(value)) {
      for (const item of value) if (!problem && typeof item === 'string') problem = textProblem(item);
    }
    if (problem) return new BadRequestError(`Invalid ${source} parameter ${name}: ${problem}`, { [name]: [problem] });
  }
  return undefined;
}
