import { Inject, Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Permission } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  DeliverySubjects,
  NotFoundError,
  WorkItemRelationType,
  WorkItemResponse,
  WorkItemSubjects,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { McpTool, WRITE } from './mcp-tool';
import { ToolRunner } from './tool-runner';
import { uuid, zEnum } from './work-item.fields';

const ref = z.string().trim().min(1).max(100);

/** Which list of the relations answer a relation type shows on the source item. */
const LIST_OF: Record<WorkItemRelationType, 'blocks' | 'blockedBy' | 'relatesTo' | 'duplicates' | 'duplicatedBy'> = {
  blocks: 'blocks',
  blocked_by: 'blockedBy',
  relates_to: 'relatesTo',
  duplicates: 'duplicates',
  duplicated_by: 'duplicatedBy',
};

/** Built once: the SDK turns it into the tool's JSON Schema for every caller. */
const INPUT = z.object({ ref, type: zEnum(WorkItemRelationType), target: ref });
const UNLINK_INPUT = z.object({ ref, relationId: uuid.optional(), type: zEnum(WorkItemRelationType).optional(), target: ref.optional() });

@Injectable()
export class LinkWorkItemsTool implements McpTool {
  readonly name = 'link_work_items';
  readonly permission = Permission.DeliveryWrite;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(WorkItemLinksReader) private readonly links: WorkItemLinksReader,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      {
        description: 'Link two work items: ref <type> target (blocks, blocked_by, relates_to, duplicates, duplicated_by). Returns ref\'s relations.',
        inputSchema: INPUT,
        annotations: WRITE,
      },
      (args) =>
        this.runner.run(this.name, async () => {
          const target: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: args.target });
          await this.bus.request(DeliverySubjects.relationAdd, { auth, id: args.ref, body: { type: args.type, targetId: target.id } });
          return { ref: args.ref, relations: await this.links.relations(auth, args.ref) };
        }),
    );
  }
}

@Injectable()
export class UnlinkWorkItemsTool implements McpTool {
  readonly name = 'unlink_work_items';
  readonly permission = Permission.DeliveryWrite;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(WorkItemLinksReader) private readonly links: WorkItemLinksReader,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      {
        description: 'Remove a link of a work item: by relationId, or by type and target. Returns ref\'s remaining relations.',
        inputSchema: UNLINK_INPUT,
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
      (args) =>
        this.runner.run(this.name, async () => {
          const relationId = args.relationId ?? (await this.relationTo(auth, args.ref, args.type, args.target));
          await this.bus.request(DeliverySubjects.relationRemove, { auth, id: args.ref, relationId });
          return { ref: args.ref, removed: relationId, relations: await this.links.relations(auth, args.ref) };
        }),
    );
  }

  private async relationTo(auth: AuthContext, ref: string, type: WorkItemRelationType | undefined, target: string | undefined): Promise<string> {
    if (!type || !target) throw new BadRequestError('Pass relationId, or both type and target', { relationId: ['or type and target'] });
    const relations = await this.links.relations(auth, ref);
    const wanted = target.toUpperCase();
    const hit = relations[LIST_OF[type]].find((r) => r.ref.toUpperCase() === wanted || r.relationId === target);
    if (hit) return hit.relationId;
    const byId: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: target });
    const match = relations[LIST_OF[type]].find((r) => r.ref === byId.key);
    if (!match) throw new NotFoundError(`Relation ${type}`, `${ref} → ${target}`);
    return match.relationId;
  }
}
