import { PipeTransform } from '@nestjs/common';
import { validateDto } from '@pds/contracts';

/**
 * For routes whose body may be left out (conclude): no body passes as `undefined`, a body is
 * validated against its DTO like any other. Type the parameter `Dto | undefined` so the
 * controller-wide validation pipe leaves it to this one.
 */
export class OptionalBodyPipe<T extends object> implements PipeTransform {
  constructor(private readonly dto: new () => T) {}

  transform(value: unknown): T | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    return validateDto(this.dto, value, { source: 'body' });
  }
}
