import { Module } from '@nestjs/common';

/** The hosted MCP endpoint (Streamable HTTP) under /mcp. */
@Module({})
export class McpServerModule {}
