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
  isUuid,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { McpTool, RECORD_REF, REF, ToolSpec, WRITE } from './mcp-tool';
import { uuid, zEnum } from './work-item.fields';

/** Which list of the relations answer a relation type shows on the source item. */
const LIST_OF: Record<WorkItemRelationType, 'blocks' | 'blockedBy' | 'relatesTo' | 'duplicates' | 'duplicatedBy'> = {
  blocks: 'blocks',
  blocked_by: 'blockedBy',
  relates_to: 'relatesTo',
  duplicates: 'duplicates',
  duplicated_by: 'duplicatedBy',
};

const SOURCE = RECORD_REF.describe('Work item whose relations change: key or uuid');
const RELATION = zEnum(WorkItemRelationType).describe('ref <type> target, e.g. WI-7 blocked_by WI-3');
const TARGET = REF.describe('The other work item: key or uuid');
const INPUT = z.object({ ref: SOURCE, type: RELATION, target: TARGET });
const UNLINK_INPUT = z.object({
  ref: SOURCE,
  relationId: uuid.optional().describe('relationId from its relations; or type and target'),
  type: RELATION.optional(),
  target: TARGET.optional(),
});

/** Link and unlink: both change a work item's relations and answer with what it has afterwards. */
abstract class RelationTool<Input extends z.ZodObject> implements McpTool<Input> {
  abstract readonly spec: ToolSpec<Input>;

  constructor(
    @Inject(MessageBus) protected readonly bus: MessageBus,
    @Inject(WorkItemLinksReader) protected readonly links: WorkItemLinksReader,
  ) {}

  abstract call(args: z.output<Input>, auth: AuthContext): Promise<Record<string, unknown>>;

  /** The answer names the work item by its key, as REST does, whether the agent gave key or uuid. */
  protected async keyOf(auth: AuthContext, ref: string): Promise<{ key: string }> {
    if (!isUuid(ref.trim())) return { key: ref.trim().toUpperCase() };
    const item: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: ref });
    return { key: item.key };
  }
}

@Injectable()
export class LinkWorkItemsTool extends RelationTool<typeof INPUT> {
  readonly spec = {
    name: 'link_work_items',
    permission: Permission.DeliveryWrite,
    annotations: WRITE,
    input: INPUT,
    description: 'Link two work items. Returns the relations of ref afterwards.',
  };

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const target: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: args.target });
    await this.bus.request(DeliverySubjects.relationAdd, { auth, id: args.ref, body: { type: args.type, targetId: target.id } });
    return { ...(await this.keyOf(auth, args.ref)), relations: await this.links.relations(auth, args.ref) };
  }
}

@Injectable()
export class UnlinkWorkItemsTool extends RelationTool<typeof UNLINK_INPUT> {
  readonly spec = {
    name: 'unlink_work_items',
    permission: Permission.DeliveryWrite,
    annotations: { destructiveHint: true },
    input: UNLINK_INPUT,
    description: 'Remove a link between work items. Returns the relations of ref afterwards.',
  };

  async call(args: z.output<typeof UNLINK_INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const relationId = args.relationId ?? (await this.relationTo(auth, args.ref, args.type, args.target));
    await this.bus.request(DeliverySubjects.relationRemove, { auth, id: args.ref, relationId });
    return { ...(await this.keyOf(auth, args.ref)), removed: relationId, relations: await this.links.relations(auth, args.ref) };
  }

  private async relationTo(auth: AuthContext, ref: string, type: WorkItemRelationType | undefined, target: string | undefined): Promise<string> {
    if (!type || !target) throw new BadRequestError('Pass relationId, or both type and target', { relationId: ['or type and target'] });
    const relations = await this.links.relations(auth, ref);
    const wanted = target.toUpperCase();
    const hit = relations[LIST_OF[type]].find((r) => r.key.toUpperCase() === wanted || r.relationId === target);
    if (hit) return hit.relationId;
    const byId: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: target });
    const match = relations[LIST_OF[type]].find((r) => r.key === byId.key);
    if (!match) throw new NotFoundError(`Relation ${type}`, `${ref} → ${target}`);
    return match.relationId;
  }
}
