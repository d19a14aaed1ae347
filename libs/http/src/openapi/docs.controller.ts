import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorBody } from '@pds/contracts';
import { NotFoundError, ServiceUnavailableError } from '@pds/contracts';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPENAPI_PATH } from './document';

/** Written by the build (tools/build.mjs) next to the compiled code: dist/openapi.json. */
export const OPENAPI_FILE = path.resolve(__dirname, '../../../../openapi.json');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Product Delivery Service API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** The renderer's files this page loads, all from the swagger-ui-dist package: no CDN. */
const ASSETS: Readonly<Record<string, string>> = Object.freeze({
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
});

// Swagger UI styles with inline style attributes and loads images as data: URIs.
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'";

/**
 * `GET /api/v1/openapi.json` (no key) serves the document the build generated, as bytes read once;
 * `/docs` renders it with Swagger UI. Nothing here runs on any other route.
 */
@Controller()
@ApiTags('operations')
export class ApiDocsController {
  private document?: Buffer;
  private readonly assets = new Map<string, Buffer>();

  @Get(OPENAPI_PATH.slice(1))
  @ApiOperation({
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 document of the whole API, as the build generated it: every operation with its roles, side effects and examples, every schema with its field descriptions. Needs no key; `/docs` renders it.',
  })
  @ApiOkResponse({
    description: 'This OpenAPI 3.1 document',
    content: {
      'application/json': {
        schema: { type: 'object' },
        example: { openapi: '3.1.0', info: { title: 'Product Delivery Service', version: '0.1.0 (interface 2026-07-13)' }, paths: { '/api/v1/work-items': { get: { summary: 'List work items' } } } },
      },
    },
  })
  openApi(@Res() reply: FastifyReply): void {
    this.document ??= this.read(OPENAPI_FILE);
    // Cache-Control: no-store like everything under /api/v1 (createHttpApp); nothing here is secret, but one rule is simpler to trust.
    void reply.type('application/json; charset=utf-8').send(this.document);
  }

  // The page and its files are for browsers; docs/observability.md lists them.
  @Get('docs')
  @ApiExcludeEndpoint()
  @ApiOkResponse({ description: 'The browsable documentation (Swagger UI)', content: { 'text/html': { schema: { type: 'string' } } } })
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', CSP)
  page(): string {
    return PAGE;
  }

  @Get('docs/init.js')
  @ApiExcludeEndpoint()
  @ApiOkResponse({ description: "The page's script", content: { 'text/javascript': { schema: { type: 'string' } } } })
  @Header('content-type', 'text/javascript; charset=utf-8')
  init(): string {
    return INIT;
  }

  @Get('docs/:asset')
  @ApiExcludeEndpoint()
  @ApiOkResponse({
    description: "The renderer's files (swagger-ui.css, swagger-ui-bundle.js)",
    content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ type: ApiErrorBody, description: 'No such file' })
  asset(@Param('asset') name: string, @Res() reply: FastifyReply): void {
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) throw new NotFoundError('Asset', name);
    let bytes = this.assets.get(name);
    if (!bytes) {
      bytes = this.read(path.join(path.dirname(require.resolve('swagger-ui-dist/package.json')), name));
      this.assets.set(name, bytes);
    }
    void reply.type(type).header('cache-control', 'public, max-age=86400').send(bytes);
  }

  private read(file: string): Buffer {
    try {
      return readFileSync(file);
    } catch {
      throw new ServiceUnavailableError(`${path.basename(file)} is missing from this build; run npm run build`);
    }
  }
}
