import { BadRequestError } from './errors';
import { CreateUserDto } from '../identity/identity.dto';
import { CreateCkrRequest, ListCkrsRequest } from '../strategy/strategy.subjects';
import { CreateWorkItemDto, ListWorkItemsQuery, UpdateWorkItemDto } from '../work-items/work-item.dto';
import { CreateWorkItemRequest, ListWorkItemsRequest } from '../work-items/work-item.subjects';
import { validateDto } from './validation';

function detailsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return (error as BadRequestError).details as Record<string, string[]>;
  }
  throw new Error('expected a validation error');
}

describe('validateDto', () => {
  it('accepts a minimal valid body and returns a DTO instance', () => {
    const dto = validateDto(CreateWorkItemDto, { title: 'Ok', type: 'TASK' });
    expect(dto).toBeInstanceOf(CreateWorkItemDto);
    expect(dto.title).toBe('Ok');
  });

  it('names every failing field, unknown fields included', () => {
    const details = detailsOf(() =>
      validateDto(CreateWorkItemDto, { title: 'x', type: 'feature', estimate: -1, labelIds: ['nope'], extra: true }),
    );
    expect(Object.keys(details).sort()).toEqual(['estimate', 'extra', 'labelIds', 'title', 'type']);
  });

  it('enforces title length at both edges', () => {
    expect(() => validateDto(CreateWorkItemDto, { title: 'ab', type: 'BUG' })).not.toThrow();
    expect(() => validateDto(CreateWorkItemDto, { title: 'a'.repeat(200), type: 'BUG' })).not.toThrow();
    expect(detailsOf(() => validateDto(CreateWorkItemDto, { title: 'a'.repeat(201), type: 'BUG' }))).toHaveProperty('title');
  });

  it('caps labelIds at 50', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(() => validateDto(CreateWorkItemDto, { title: 'ok', type: 'BUG', labelIds: ids(50) })).not.toThrow();
    expect(detailsOf(() => validateDto(CreateWorkItemDto, { title: 'ok', type: 'BUG', labelIds: ids(51) }))).toHaveProperty('labelIds');
  });

  it('rejects arrays and non-objects where an object is expected', () => {
    expect(detailsOf(() => validateDto(CreateWorkItemDto, [{ title: 'ok', type: 'BUG' }]))).toEqual({
      body: ['expected an object, got an array'],
    });
    expect(detailsOf(() => validateDto(CreateWorkItemDto, 'text'))).toHaveProperty('body');
  });

  it('lets update clear nullable fields but not required ones', () => {
    expect(validateDto(UpdateWorkItemDto, { description: null, estimate: null, sprintId: null }).estimate).toBeNull();
    expect(Object.keys(detailsOf(() => validateDto(UpdateWorkItemDto, { title: null, status: null, type: null })))).toEqual(
      expect.arrayContaining(['title', 'status', 'type']),
    );
  });

  it('validates dates as real calendar dates', () => {
    expect(() => validateDto(CreateWorkItemDto, { title: 'ok', type: 'BUG', dueDate: '2026-02-28' })).not.toThrow();
    expect(detailsOf(() => validateDto(CreateWorkItemDto, { title: 'ok', type: 'BUG', dueDate: '2026-02-30' }))).toHaveProperty('dueDate');
  });
});

/**
 * Every name Object.prototype answers to, and `prototype`: as keys of parsed JSON they shadow what
 * class-transformer and class-validator read (`{"x":{"constructor":"y"}}` was once a 500,
 * `{"constructor":"x"}` passed). Inputs are built with JSON.parse, as they arrive: `__proto__` is then an own key.
 */
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

describe('validateDto with keys named after Object.prototype members', () => {
  const json = (text: string) => JSON.parse(text) as object;
  const auth = { organizationId: '6f1c1a7e-3a7c-4b8e-9a52-1c2d3e4f5a6b', userId: '7f1c1a7e-3a7c-4b8e-9a52-1c2d3e4f5a6b', role: 'PM', keyId: 'k' };
  const uuid = '00000000-0000-4000-8000-000000000001';

  it.each(PROTOTYPE_NAMES)('refuses %s at the top level as an unknown field, like any other name', (name) => {
    expect(detailsOf(() => validateDto(CreateWorkItemDto, json(`{"title":"ok title","type":"TASK","${name}":"x"}`)))).toEqual({
      [name]: [`property ${name} should not exist`],
    });
    expect(detailsOf(() => validateDto(CreateWorkItemDto, json(`{"title":"ok title","type":"TASK","${name}":{"a":1}}`)))).toEqual({
      [name]: [`property ${name} should not exist`],
    });
  });

  it.each(PROTOTYPE_NAMES)('names only the enclosing field when %s sits inside an unknown field or a wrong value', (name) => {
    expect(detailsOf(() => validateDto(CreateWorkItemDto, json(`{"title":"ok title","type":"TASK","x":{"${name}":"y"}}`)))).toEqual({
      x: ['property x should not exist'],
    });
    expect(Object.keys(detailsOf(() => validateDto(CreateWorkItemDto, json(`{"title":"ok title","type":"TASK","labelIds":[{"${name}":"x"}]}`))))).toEqual([
      'labelIds',
    ]);
    expect(Object.keys(detailsOf(() => validateDto(CreateWorkItemDto, json(`{"title":{"${name}":"x"},"type":"TASK","dueDate":{"${name}":{"${name}":1}}}`))))).toEqual([
      'title',
      'dueDate',
    ]);
  });

  it.each(PROTOTYPE_NAMES)('refuses %s inside a nested DTO with its path, and reports the other fields too', (name) => {
    const body = `{"title":"Grow","annualGoalId":"${uuid}","planningCycleIds":["${uuid}"],"keyResults":[{"title":"More","${name}":1}]}`;
    expect(detailsOf(() => validateDto(CreateCkrRequest, json(`{"auth":${JSON.stringify(auth)},"body":${body}}`)))).toEqual({
      [`body.keyResults.0.${name}`]: [`property body.keyResults.0.${name} should not exist`],
    });
    const both = detailsOf(() => validateDto(CreateWorkItemRequest, json(`{"auth":{"${name}":1,${JSON.stringify(auth).slice(1)},"body":{"title":"x","type":"TASK","${name}":[1]}}`)));
    expect(both).toEqual({
      'body.title': [expect.stringContaining('body.title must be longer')],
      [`auth.${name}`]: [`property auth.${name} should not exist`],
      [`body.${name}`]: [`property body.${name} should not exist`],
    });
  });

  it.each(PROTOTYPE_NAMES)('refuses %s the same way in a DTO class-transformer builds itself (@Transform)', (name) => {
    const user = `"email":"pat@example.com","name":"Pat","role":"DEV"`;
    expect(detailsOf(() => validateDto(CreateUserDto, json(`{${user},"${name}":"x"}`)))).toEqual({ [name]: [`property ${name} should not exist`] });
    expect(detailsOf(() => validateDto(CreateUserDto, json(`{${user},"x":{"${name}":{"${name}":"y"}}}`)))).toEqual({ x: ['property x should not exist'] });
    expect(detailsOf(() => validateDto(ListCkrsRequest, json(`{"auth":${JSON.stringify(auth)},"query":{"limit":"5","${name}":"x"}}`)))).toEqual({
      [`query.${name}`]: [`property query.${name} should not exist`],
    });
  });

  it('names only the field when an object with its own toString and valueOf sits where a number is converted (@Type)', () => {
    const query = json(`{"limit":{"toString":"x","valueOf":"y"},"cursor":{"toString":{}}}`);
    expect(Object.keys(detailsOf(() => validateDto(ListWorkItemsRequest, { auth, query })))).toEqual(['query.limit', 'query.cursor']);
  });

  it('refuses them in a query object without a prototype (as Fastify parses query strings)', () => {
    const query = Object.assign(Object.create(null) as object, { limit: '5' });
    Object.defineProperty(query, '__proto__', { value: 'x', enumerable: true });
    expect(Object.entries(detailsOf(() => validateDto(ListWorkItemsQuery, query, { source: 'query' })))).toEqual([['__proto__', ['property __proto__ should not exist']]]);
  });

  it('leaves the input untouched and builds instances of the DTO classes', () => {
    const input = json(`{"auth":${JSON.stringify(auth)},"body":{"title":"ok title","type":"TASK","constructor":"x"}}`);
    const before = JSON.stringify(input);
    expect(() => validateDto(CreateWorkItemRequest, input)).toThrow(BadRequestError);
    expect(JSON.stringify(input)).toBe(before);
    const valid = validateDto(CreateWorkItemRequest, json(`{"auth":${JSON.stringify(auth)},"body":{"title":"ok title","type":"TASK"}}`));
    expect(valid.body).toBeInstanceOf(CreateWorkItemDto);
  });
});
