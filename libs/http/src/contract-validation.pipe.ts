import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { validateDto } from '@pds/contracts';

const PRIMITIVES: readonly unknown[] = [String, Number, Boolean, Array, Object];

/** Validates `@Body()` and `@Query()` against their contract DTO; 400 names every failing field. */
@Injectable()
export class ContractValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { metatype, type } = metadata;
    if ((type !== 'body' && type !== 'query') || !metatype || PRIMITIVES.includes(metatype)) return value;
    return validateDto(metatype as new () => object, value ?? (type === 'query' ? {} : value), { source: type });
  }
}
