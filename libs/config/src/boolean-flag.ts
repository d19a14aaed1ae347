import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/**
 * `true`/`1`/`yes` and `false`/`0`/`no` from the environment. Reads the raw value: implicit
 * conversion would turn the string "false" into `true`.
 */
export function BooleanFlag(): PropertyDecorator {
  return (target, key) => {
    Transform(({ obj }: { obj: Record<string | symbol, unknown> }) => {
      const raw = obj[key];
      if (typeof raw === 'boolean') return raw;
      const text = String(raw).trim().toLowerCase();
      if (['true', '1', 'yes'].includes(text)) return true;
      if (['false', '0', 'no', ''].includes(text)) return false;
      return raw;
    })(target, key);
    IsBoolean()(target, key);
  };
}
