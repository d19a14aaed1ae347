import { MetadataStorage, ValidationArguments, ValidationTypes, getMetadataStorage } from 'class-validator';

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

type Check = (value: unknown, args: ValidationArguments) => unknown;

interface PropertyPlan {
  conditions: ((object: object, value: unknown) => boolean)[];
  checks: { each: boolean; validate: Check; constraints: unknown[] }[];
  nested: boolean;
}

/** A class's validation metadata, looked up once; null when it uses something the fast path leaves to class-validator. */
type Plan = Map<string, PropertyPlan> | null;

const plans = new WeakMap<object, Plan>();

function planFor(target: new () => object): Plan {
  if (plans.has(target)) return plans.get(target) as Plan;
  const storage = getMetadataStorage();
  // The same lookup ValidationExecutor makes for validateSync(instance, {whitelist, …}) without groups.
  const metadatas = storage.getTargetValidationMetadatas(target, undefined as unknown as string, false, false, undefined);
  let plan: Plan = metadatas.length ? new Map() : null;
  for (const metadata of metadatas as ValidationMetadata[]) {
    if (!plan) break;
    if (metadata.groups?.length || metadata.always) plan = null;
    const property = plan?.get(metadata.propertyName) ?? { conditions: [], checks: [], nested: false };
    plan?.set(metadata.propertyName, property);
    switch (metadata.type) {
      case ValidationTypes.CONDITIONAL_VALIDATION:
        property.conditions.push(metadata.constraints[0] as (object: object, value: unknown) => boolean);
        break;
      case ValidationTypes.CUSTOM_VALIDATION:
        for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
          if (constraint.async) plan = null;
          const instance = constraint.instance as { validate: Check };
          property.checks.push({ each: metadata.each === true, validate: instance.validate.bind(instance), constraints: metadata.constraints });
        }
        break;
      case ValidationTypes.NESTED_VALIDATION:
        property.nested = true;
        break;
      case ValidationTypes.WHITELIST:
        break;
      default:
        plan = null;
    }
  }
  plans.set(target, plan);
  return plan;
}

const isCollection = (value: unknown): value is unknown[] | Set<unknown> | Map<unknown, unknown> =>
  Array.isArray(value) || value instanceof Set || value instanceof Map;

const passed = (result: unknown) => Boolean(result) && typeof (result as Promise<unknown>)?.then !== 'function';

function nestedValid(value: unknown): boolean {
  if (isCollection(value)) return [...(value instanceof Map ? value.values() : value)].every(nestedValid);
  return value instanceof Object && isCertainlyValid(value);
}

/**
 * True only when class-validator would find no error in `object` (validated with whitelist,
 * forbidNonWhitelisted and forbidUnknownValues, as validateDto does); false when it would, or when
 * in doubt. It runs the very constraint functions the decorators registered, in the order and with
 * the arguments ValidationExecutor uses, but without re-reading the metadata storage on every call
 * (that lookup made service-side validation cost ~35 µs per message). Callers run class-validator
 * itself whenever this says false, so the error messages stay class-validator's.
 */
export function isCertainlyValid(object: object): boolean {
  const plan = planFor(object.constructor as new () => object);
  if (!plan) return false;
  for (const key of Object.keys(object)) if (!plan.has(key)) return false;
  const targetName = object.constructor.name;
  for (const [property, { conditions, checks, nested }] of plan) {
    const value = (object as Record<string, unknown>)[property];
    if (!conditions.every((condition) => condition(object, value))) continue;
    const args: ValidationArguments = { targetName, property, object, value, constraints: [] };
    for (const { each, validate, constraints } of checks) {
      args.constraints = constraints;
      if (each && isCollection(value)) {
        for (const item of value instanceof Map ? value.values() : value) if (!passed(validate(item, args))) return false;
      } else if (!passed(validate(value, args))) {
        return false;
      }
    }
    if (nested && value !== undefined && !nestedValid(value)) return false;
  }
  return true;
}
