import { Body, Controller, Headers, Inject, Param, Post, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { RepoProvider } from '@pds/contracts';
import { RAW_BODY } from '@pds/http';
import type { FastifyReply } from 'fastify';
import { HookHeaders, HookService } from './hook.service';

/** Inbound provider webhooks; the body arrives as raw bytes (RAW_BODY) so the signature is checked on exactly them. */
@Controller('hooks')
export class HookController {
  constructor(@Inject(HookService) private readonly hooks: HookService) {}

  @Post('github/:connectionId')
  @RouteConfig(RAW_BODY)
  github(
    @Param('connectionId') connectionId: string,
    @Headers() headers: HookHeaders,
    @Body() body: Buffer | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Record<string, unknown>> {
    return this.answer(reply, this.hooks.receive(RepoProvider.GITHUB, connectionId, headers, body));
  }

  @Post('gitlab/:connectionId')
  @RouteConfig(RAW_BODY)
  gitlab(
    @Param('connectionId') connectionId: string,
    @Headers() headers: HookHeaders,
    @Body() body: Buffer | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Record<string, unknown>> {
    return this.answer(reply, this.hooks.receive(RepoProvider.GITLAB, connectionId, headers, body));
  }

  private async answer(reply: FastifyReply, pending: Promise<{ status: number; body: Record<string, unknown> }>): Promise<Record<string, unknown>> {
    const { status, body } = await pending;
    void reply.status(status);
    return body;
  }
}

/** GitHub caps webhook payloads at 25 MiB; the receiver accepts up to that on /hooks. */
export const HOOK_BODY_LIMITS = [{ prefix: '/hooks/', limit: 25 * 1024 * 1024 }] as const;
