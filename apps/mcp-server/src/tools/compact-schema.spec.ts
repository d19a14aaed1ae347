import { compactSchema } from './compact-schema';

describe('compactSchema', () => {
  it('writes a nullable as a type list, keeping null allowed where an enum lists the values, at any depth', () => {
    const schema = {
      type: 'object',
      properties: {
        note: { description: 'Markdown', anyOf: [{ type: 'string' }, { type: 'null' }] },
        size: { anyOf: [{ type: 'string', enum: ['S', 'M'] }, { type: 'null' }] },
        tags: { type: 'array', items: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } },
        either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    };
    expect(compactSchema(schema)).toEqual({
      type: 'object',
      properties: {
        note: { description: 'Markdown', type: ['string', 'null'] },
        size: { type: ['string', 'null'], enum: ['S', 'M', null] },
        tags: { type: 'array', items: { type: ['integer', 'null'], minimum: 1 } },
        either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    });
  });
});
