import { BadRequestError } from './errors';
import { CreateWorkItemDto, UpdateWorkItemDto } from '../work-items/work-item.dto';
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
