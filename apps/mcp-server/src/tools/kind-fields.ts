import { BadRequestError } from '@pds/contracts';
import { z } from 'zod';

/**
 * Typed fields shared by the kinds of one tool argument: one flat object whose fields each say which
 * kinds take them, instead of a union of one object per kind (the same field written out per kind,
 * and a union is what agents and some model APIs handle worst). Which kind takes which field is data
 * here, checked before the service sees the call.
 */
export function kindFields<Kind extends string, Shape extends z.ZodRawShape>(shape: Shape, fieldsOf: Readonly<Record<Kind, readonly (keyof Shape & string)[]>>) {
  return {
    /** The agent's side: every field optional, unknown names refused rather than dropped. */
    schema: z.strictObject(shape).partial(),
    /** A field given that the kind does not take is a 400 naming what the kind does take. */
    check(kind: Kind, argument: string, given: object): void {
      const allowed: readonly string[] = fieldsOf[kind];
      const foreign = Object.keys(given).filter((field) => !allowed.includes(field));
      if (foreign.length === 0) return;
      const takes = allowed.length ? `${kind} takes ${allowed.join(', ')}` : `${kind} takes none`;
      throw new BadRequestError(`${argument}: ${foreign.join(', ')} not for ${kind}; ${takes}`, Object.fromEntries(foreign.map((field) => [`${argument}.${field}`, [takes]])));
    },
  };
}
