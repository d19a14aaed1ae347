import { plainToInstance } from 'class-transformer';
// class-transformer keeps its decorator metadata here; it exports no public accessor for it.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- class-transformer's own constructor type
type Constructor<T> = new (...args: any[]) => T;

const PLAIN_TO_CLASS = 0;

interface KeyPlan {
  /** `@Type` of the property, if any. */
  type?: () => unknown;
  /** A getter-only or method of the prototype: class-transformer leaves it alone. */
  skip: boolean;
  /** `@Transform` or a discriminator: leave the whole input to class-transformer. */
  fallback: boolean;
}

interface ClassPlan {
  fallback: boolean;
  keys: Map<string, KeyPlan>;
}

const plans = new WeakMap<object, ClassPlan>();
const FALLBACK = Symbol('fallback');

function classPlan(cls: Constructor<object>): ClassPlan {
  let plan = plans.get(cls);
  if (!plan) {
    const fallback =
      defaultMetadataStorage.getStrategy(cls) !== 'none' ||
      defaultMetadataStorage.getExposedMetadatas(cls).length > 0 ||
      defaultMetadataStorage.getExcludedMetadatas(cls).length > 0;
    plan = { fallback, keys: new Map() };
    plans.set(cls, plan);
  }
  return plan;
}

function keyPlan(cls: Constructor<object>, plan: ClassPlan, key: string): KeyPlan {
  let entry = plan.keys.get(key);
  if (!entry) {
    const type = defaultMetadataStorage.findTypeMetadata(cls, key);
    const transforms = defaultMetadataStorage.findTransformMetadatas(cls, key, PLAIN_TO_CLASS as never);
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, key);
    entry = {
      type: type?.typeFunction as (() => unknown) | undefined,
      skip: descriptor !== undefined && !descriptor.set,
      fallback: transforms.length > 0 || Boolean(type?.options?.discriminator),
    };
    plan.keys.set(key, entry);
  }
  return entry;
}

function convert(value: unknown, type: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => convert(item, type));
  if (type === String) return String(value);
  if (type === Number) return Number(value);
  if (type === Boolean) return Boolean(value);
  if (typeof value === 'object') {
    if (typeof type === 'function' && type !== Object) return instantiate(type as Constructor<object>, value as Record<string, unknown>);
    if ((value as object).constructor !== Object) throw FALLBACK;
    return copy(value as Record<string, unknown>);
  }
  if (type !== undefined && type !== Object) throw FALLBACK;
  return value;
}

function copy(value: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (key !== '__proto__' && key !== 'constructor') result[key] = convert(value[key], undefined);
  return result;
}

function instantiate<T extends object>(cls: Constructor<T>, value: Record<string, unknown>): T {
  const plan = classPlan(cls);
  if (plan.fallback) throw FALLBACK;
  const instance = new cls() as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || key === 'constructor') continue;
    const entry = keyPlan(cls, plan, key);
    if (entry.fallback) throw FALLBACK;
    if (entry.skip || typeof instance[key] === 'function') continue;
    instance[key] = convert(value[key], entry.type?.());
  }
  return instance as T;
}

/**
 * `plainToInstance(cls, value, { exposeDefaultValues: false })` for JSON input, without
 * class-transformer's per-property metadata lookups (they were half of a service's validation
 * cost): the lookups are made once per class and property. It handles `@Type` with String,
 * Number, Boolean and classes; anything else (`@Transform`, `@Expose`/`@Exclude`, discriminators,
 * dates) goes to class-transformer itself, for the whole input.
 */
export function toInstance<T extends object>(cls: Constructor<T>, value: object): T {
  try {
    return instantiate(cls, value as Record<string, unknown>);
  } catch (error) {
    if (error !== FALLBACK) throw error;
    return plainToInstance(cls, value, { exposeDefaultValues: false }) as T;
  }
}
