import { Body, Controller, Headers, Inject, Param, Post, Res, applyDecorators } from '@nestjs/common';
import { Doc } from '@pds/http';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiAcceptedResponse, ApiBody, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { HookReceipt, RepoProvider } from '@pds/contracts';
import type { FastifyReply } from 'fastify';
import { HOOK_BODY_LIMIT } from '../common/repo.options';
import { hookRoute } from './hook-admission';
import { HookHeaders, HookService } from './hook.service';

/** The provider's event as it sent it; verified against the signature over the raw bytes. */
const PROVIDER_EVENT = ApiBody({ required: false, schema: { type: 'object', additionalProperties: true, description: "The provider's webhook payload, unchanged" } });
const RECEIPTS = applyDecorators(
  ApiOkResponse({ type: HookReceipt, description: "GitHub's ping" }),
  ApiAcceptedResponse({ type: HookReceipt, description: 'Stored for processing, or ignored (event not processed, repository mismatch, repeated delivery)' }),
);

/** Inbound provider webhooks; the body arrives as raw bytes (RAW_BODY) so the signature is checked on exactly them. */
@Controller('hooks')
@ApiTags('repository receivers')
export class HookController {
  constructor(@Inject(HookService) private readonly hooks: HookService) {}

  @Post('github/:connectionId')
  @Doc("Receive a GitHub webhook", "Where a GitHub repository's webhook points (the URL and secret come from creating the repository connection). The signature is checked on the raw body; pushes, branches and pull requests that name work item keys link to those items, and the connection's automations move their status (the items then emit `work_item.status_changed`).")
  @RouteConfig(hookRoute(RepoProvider.GITHUB))
  @ApiHeader({ name: 'x-hub-signature-256', required: true, description: '`sha256=` + hex HMAC-SHA256 of the raw body, keyed with the connection secret' })
  @ApiHeader({ name: 'x-github-event', required: true, description: 'push, pull_request, create, delete or ping' })
  @ApiHeader({ name: 'x-github-delivery', required: false, description: "GitHub's delivery id; repeats are ignored" })
  @PROVIDER_EVENT
  @RECEIPTS
  github(
    @Param('connectionId') connectionId: string,
    @Headers() headers: HookHeaders,
    @Body() body: Buffer | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Record<string, unknown>> {
    return this.answer(reply, this.hooks.receive(RepoProvider.GITHUB, connectionId, headers, body));
  }

  @Post('gitlab/:connectionId')
  @Doc("Receive a GitLab webhook", "Where a GitLab project's webhook points. The token is checked; pushes and merge requests that name work item keys link to those items, and the connection's automations move their status (the items then emit `work_item.status_changed`).")
  @RouteConfig(hookRoute(RepoProvider.GITLAB))
  @ApiHeader({ name: 'x-gitlab-token', required: true, description: 'The connection secret, as configured at GitLab' })
  @ApiHeader({ name: 'x-gitlab-event', required: true, description: 'Push Hook or Merge Request Hook' })
  @PROVIDER_EVENT
  @RECEIPTS
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

export const HOOK_BODY_LIMITS = [{ prefix: '/hooks/', limit: HOOK_BODY_LIMIT }] as const;
