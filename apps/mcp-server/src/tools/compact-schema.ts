import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';

type Schema = Record<string, unknown>;

/**
 * A JSON Schema as short as it can say the same: `{anyOf: [X, {type: 'null'}]}` (zod's nullable)
 * becomes X with `type: [t, 'null']`, recursively. The budget of tools/list is paid in characters.
 */
export function compactSchema(schema: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([name, property]) => [name, compactSchema(property)]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.items = compactSchema(value as Schema);
    } else if (key === 'anyOf' && Array.isArray(value)) {
      const variants = value as Schema[];
      const nonNull = variants.filter((v) => v.type !== 'null');
      if (variants.length === 2 && nonNull.length === 1 && typeof nonNull[0].type === 'string' && !nonNull[0].anyOf) {
        const inner = compactSchema(nonNull[0]);
        // An enum lists its values: null has to be one of them to stay allowed.
        Object.assign(out, inner, { type: [nonNull[0].type, 'null'] }, Array.isArray(inner.enum) ? { enum: [...inner.enum, null] } : {});
      } else {
        out.anyOf = variants.map(compactSchema);
      }
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * The list as clients need it: compact schemas, without what only restates a default (each
 * schema's `$schema` dialect; `execution.taskSupport: "forbidden"`, the protocol's default).
 */
export function compactToolList(list: ListToolsResult): ListToolsResult {
  return {
    ...list,
    tools: list.tools.map(({ execution, inputSchema, ...tool }) => {
      const { $schema: _dialect, ...schema } = compactSchema(inputSchema) as Schema;
      return {
        ...tool,
        inputSchema: schema as ListToolsResult['tools'][number]['inputSchema'],
        ...(execution && execution.taskSupport !== 'forbidden' ? { execution } : {}),
      };
    }),
  };
}
