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

/**
 * The names every plain object answers to through Object.prototype (`constructor`, `__proto__`,
 * `toString`, `valueOf`, `hasOwnProperty`, …). As own keys of parsed JSON they shadow what
 * class-transformer, class-validator and any `String(value)` read: class-transformer took
 * `{"constructor": "x"}` for a class and failed (a 500 on every write route), the fast path and
 * class-validator's whitelist let a top-level one pass unseen, and JSON.parse makes `__proto__` an
 * own key that an assignment turns into a prototype. No DTO declares such a field.
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Thrown by the fast path at such a key: toInstance starts again from a copy without them. */
const PROTOTYPE_KEY = Symbol('prototype key');

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
  // The keys of an object are read below, or by the slow path: String() and Number() would call an own "toString".
  if (typeof value === 'object' && (type === String || type === Number || type === Boolean)) throw FALLBACK;
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
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_NAMES.has(key)) throw PROTOTYPE_KEY;
    result[key] = convert(value[key], undefined);
  }
  return result;
}

function instantiate<T extends object>(cls: Constructor<T>, value: Record<string, unknown>): T {
  const plan = classPlan(cls);
  if (plan.fallback) throw FALLBACK;
  const instance = new cls() as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_NAMES.has(key)) throw PROTOTYPE_KEY;
    const entry = keyPlan(cls, plan, key);
    if (entry.fallback) throw FALLBACK;
    if (entry.skip || typeof instance[key] === 'function') continue;
    instance[key] = convert(value[key], entry.type?.());
  }
  return instance as T;
}

/** JSON's own shapes: what the walks below descend into (a Buffer or a Date has no JSON keys to look at). */
const isJsonObject = (value: unknown): value is object => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === Array.prototype || prototype === null;
};

/** Paths (segments, array indexes as strings) of every key named after an Object.prototype member. */
function prototypeKeyPaths(input: object): string[][] {
  const found: string[][] = [];
  const stack: { node: object; path: string[] }[] = [{ node: input, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop() as (typeof stack)[number];
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (PROTOTYPE_NAMES.has(key)) found.push([...path, key]);
      else if (isJsonObject(child)) stack.push({ node: child, path: [...path, key] });
    }
  }
  return found;
}

/** A copy of `input` without those keys: only the objects on their paths are copied, the rest is shared. */
function withoutPrototypeKeys(input: object, paths: string[][]): object {
  const copies = new Map<object, Record<string, unknown>>();
  const copyOf = (node: object): Record<string, unknown> => {
    let copied = copies.get(node);
    if (!copied) {
      copied = Array.isArray(node) ? ([...node] as unknown as Record<string, unknown>) : {};
      if (!Array.isArray(node)) for (const key of Object.keys(node)) if (!PROTOTYPE_NAMES.has(key)) copied[key] = (node as Record<string, unknown>)[key];
      copies.set(node, copied);
    }
    return copied;
  };
  const root = copyOf(input);
  for (const path of paths) {
    let original = input as Record<string, unknown>;
    let copied = root;
    for (const segment of path.slice(0, -1)) {
      original = original[segment] as Record<string, unknown>;
      copied = copied[segment] = copyOf(original);
    }
  }
  return root;
}

/**
 * `plainToInstance(cls, value, { exposeDefaultValues: false })` for JSON input, without
 * class-transformer's per-property metadata lookups (they were half of a service's validation
 * cost): the lookups are made once per class and property. It handles `@Type` with String,
 * Number, Boolean and classes; anything else (`@Transform`, `@Expose`/`@Exclude`, discriminators,
 * dates) goes to class-transformer itself, for the whole input.
 *
 * Keys named after Object.prototype members, at any depth, are never carried into the result (nor
 * shown to class-transformer); their dotted paths (`body.keyResults.0.constructor`) are pushed onto
 * `refused`, for the caller to refuse them as unknown fields. `value` itself is not changed.
 */
export function toInstance<T extends object>(cls: Constructor<T>, value: object, refused?: string[]): T {
  try {
    return instantiate(cls, value as Record<string, unknown>);
  } catch (error) {
    if (error !== FALLBACK && error !== PROTOTYPE_KEY) throw error;
  }
  // The slow way: every key named after Object.prototype taken out first, at any depth, then the
  // fast path again or class-transformer.
  const paths = prototypeKeyPaths(value);
  const input = paths.length ? withoutPrototypeKeys(value, paths) : value;
  if (refused) for (const path of paths) refused.push(path.join('.'));
  try {
    return instantiate(cls, input as Record<string, unknown>);
  } catch (error) {
    if (error !== FALLBACK) throw error;
    return plainToInstance(cls, input, { exposeDefaultValues: false }) as T;
  }
}
