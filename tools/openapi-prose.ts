/*
 * `npm run lint:openapi`, before Redocly: every operation, parameter and field of the generated
 * document has its words, and every JSON body and success answer its example. Prints each gap with
 * where to fill it in (a route's @Doc, a field's description, or the glossary), so whoever adds a
 * route or a field sees at once what is missing.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { proseProblems } from '@pds/http';
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'dist/openapi.json';
const problems = proseProblems(JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject);
if (problems.length) {
  console.error(`${file}: ${problems.length} gap(s) in the OpenAPI document's words or examples:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`${file}: every operation, parameter and field is described; every body and success answer has an example`);
