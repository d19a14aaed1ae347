import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** What both MCP routes refuse alike, before any MCP processing: one wording for the two documents. */
const SHARED: Readonly<Record<number, string>> = {
  413: 'Body too large',
  415: 'Content-Type must be application/json',
  503: 'A dependency is not reachable right now',
};

/** The route's refusals in the OpenAPI document, by status: its own ones and the shared ones, each with `schema`. */
export function ApiRefusals(schema: SchemaObject | ReferenceObject, own: Readonly<Record<number, string>>): MethodDecorator {
  return applyDecorators(...Object.entries({ ...own, ...SHARED }).map(([status, description]) => ApiResponse({ status: Number(status), description, schema })));
}
