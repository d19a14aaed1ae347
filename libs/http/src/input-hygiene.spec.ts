import { MAX_JSON_DEPTH, jsonProblem, refuseJson, refuseParameters, textProblem } from './input-hygiene';

describe('input hygiene: what PostgreSQL cannot store is refused at the edge', () => {
  it('finds NUL characters and lone surrogates, and lets paired surrogates (emoji) through', () => {
    expect(textProblem('plain text')).toBeUndefined();
    expect(textProblem('rocket \uD83D\uDE80')).toBeUndefined();
    expect(textProblem('a\u0000b')).toBe('must not contain a NUL character (\\u0000)');
    expect(textProblem('lone \uD83D high')).toBe('must not contain a lone UTF-16 surrogate');
    expect(textProblem('lone \uDE80 low')).toBe('must not contain a lone UTF-16 surrogate');
  });

  it('names the path of the first bad value or field name in a body', () => {
    expect(jsonProblem({ title: 'ok', labels: ['a', 'b'], n: 1, none: null })).toBeUndefined();
    expect(jsonProblem({ items: [{ title: 'ok' }, { title: 'x\u0000' }] })).toEqual({
      path: 'items[1].title',
      message: 'items[1].title must not contain a NUL character (\\u0000)',
      detail: 'must not contain a NUL character (\\u0000)',
    });
    expect(jsonProblem({ ['bad\u0000key']: 1 })).toMatchObject({ path: 'bad\u0000key', detail: 'field name must not contain a NUL character (\\u0000)' });
    expect(jsonProblem('\uD800')).toMatchObject({ path: 'body' });
  });

  it('refuses "__proto__" as the unknown field it is, and nesting deeper than MAX_JSON_DEPTH', () => {
    expect(jsonProblem(JSON.parse('{"fields":{"__proto__":{"admin":true}}}'))).toEqual({
      path: 'fields.__proto__',
      message: 'fields.__proto__',
      detail: 'property fields.__proto__ should not exist',
    });
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nest(levels - 1) });
    expect(jsonProblem(nest(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonProblem(nest(MAX_JSON_DEPTH + 1))?.detail).toBe(`must not be nested deeper than ${MAX_JSON_DEPTH} levels`);
    // Walked without recursion: a body far deeper than the stack allows is still answered.
    expect(jsonProblem(JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)))?.detail).toContain('nested deeper');
  });

  it('turns a problem into a 400 naming the field', () => {
    expect(refuseJson({ ok: true })).toBeUndefined();
    const error = refuseJson({ title: 'a\u0000' });
    expect(error?.toBody()).toEqual({ error: 'BadRequest', message: 'Invalid body: title must not contain a NUL character (\\u0000)', details: { title: ['must not contain a NUL character (\\u0000)'] } });
  });

  it('checks path and query parameters, names and values, repeated values included', () => {
    expect(refuseParameters('query', undefined)).toBeUndefined();
    expect(refuseParameters('query', { status: ['TODO', 'DONE'], q: 'x' })).toBeUndefined();
    expect(refuseParameters('path', { id: 'WI-\u0000' })?.toBody()).toEqual({
      error: 'BadRequest',
      message: 'Invalid path parameter id: must not contain a NUL character (\\u0000)',
      details: { id: ['must not contain a NUL character (\\u0000)'] },
    });
    expect(refuseParameters('query', { status: ['TODO', '\uDC00'] })?.toBody().details).toEqual({ status: ['must not contain a lone UTF-16 surrogate'] });
    expect(refuseParameters('query', { ['q\u0000']: 'x' })?.toBody().message).toBe('Invalid query parameter q\u0000: must not contain a NUL character (\\u0000)');
  });
});
