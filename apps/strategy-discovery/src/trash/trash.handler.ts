import { STRATEGY_TRASH_KINDS, StrategySubjects } from '@pds/contracts';
import { MessageController, TrashHandlers } from '@pds/messaging';
import { StrategyTrash } from './strategy-trash';

@MessageController()
export class StrategyTrashHandler extends TrashHandlers(StrategyTrash, STRATEGY_TRASH_KINDS, StrategySubjects.recordDelete) {}
