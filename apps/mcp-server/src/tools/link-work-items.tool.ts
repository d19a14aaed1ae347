import { Inject, Injectable } from '@nestjs/common';
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
import { McpTool, REF, ToolSpec, WRITE } from './mcp-tool';
import { uuid, zEnum } from './work-item.fields';

/** Which list of the relations answer a relation type shows on the source item. */
const LIST_OF: Record<WorkItemRelationType, 'blocks' | 'blockedBy' | 'relatesTo' | 'duplicates' | 'duplicatedBy'> = {
  blocks: 'blocks',
  blocked_by: 'blockedBy',
  relates_to: 'relatesTo',
  duplicates: 'duplicates',
  duplicated_by: 'duplicatedBy',
};

const INPUT = z.object({ ref: REF, type: zEnum(WorkItemRelationType), target: REF });
const UNLINK_INPUT = z.object({ ref: REF, relationId: uuid.optional(), type: zEnum(WorkItemRelationType).optional(), target: REF.optional() });

/** Link and unlink: both change a work item's relations and answer with what it has afterwards. */
abstract class RelationTool<Input extends z.ZodObject> implements McpTool<Input> {
  abstract readonly spec: ToolSpec<Input>;

  constructor(
    @Inject(MessageBus) protected readonly bus: MessageBus,
    @Inject(WorkItemLinksReader) protected readonly links: WorkItemLinksReader,
  ) {}

  abstract call(args: z.output<Input>, auth: AuthContext): Promise<Record<string, unknown>>;
}

@Injectable()
export class LinkWorkItemsTool extends RelationTool<typeof INPUT> {
  readonly spec = {
    name: 'link_work_items',
    permission: Permission.DeliveryWrite,
    annotations: WRITE,
    input: INPUT,
    description: 'Link two work items: ref <type> target (blocks, blocked_by, relates_to, duplicates, duplicated_by). Returns ref\'s relations.',
  };

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const target: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: args.target });
    await this.bus.request(DeliverySubjects.relationAdd, { auth, id: args.ref, body: { type: args.type, targetId: target.id } });
    return { ref: args.ref, relations: await this.links.relations(auth, args.ref) };
  }
}

@Injectable()
export class UnlinkWorkItemsTool extends RelationTool<typeof UNLINK_INPUT> {
  readonly spec = {
    name: 'unlink_work_items',
    permission: Permission.DeliveryWrite,
    annotations: { readOnlyHint: false, destructiveHint: true },
    input: UNLINK_INPUT,
    description: 'Remove a link of a work item: by relationId, or by type and target. Returns ref\'s remaining relations.',
  };

  async call(args: z.output<typeof UNLINK_INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const relationId = args.relationId ?? (await this.relationTo(auth, args.ref, args.type, args.target));
    await this.bus.request(DeliverySubjects.relationRemove, { auth, id: args.ref, relationId });
    return { ref: args.ref, removed: relationId, relations: await this.links.relations(auth, args.ref) };
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
