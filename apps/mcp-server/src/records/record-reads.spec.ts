import { RECORD_READS } from './record-reads';
import { RECORD_KINDS } from '@pds/contracts';
import { RECORD_TYPES } from './record-type';

describe('the read table of the MCP tools', () => {
  it('reads every record type by the get and list subjects of the context that owns it', () => {
    expect(Object.fromEntries(RECORD_TYPES.map((type) => [type, [RECORD_READS[type].get, RECORD_READS[type].list]]))).toEqual({
      work_item: ['delivery.work-item.get', 'delivery.work-item.list'],
      ckr: ['strategy.ckr.get', 'strategy.ckr.list'],
      opportunity: ['strategy.opportunity.get', 'strategy.opportunity.list'],
      solution: ['strategy.solution.get', 'strategy.solution.list'],
      experiment: ['strategy.experiment.get', 'strategy.experiment.list'],
      interview: ['strategy.interview.get', 'strategy.interview.list'],
      insight: ['strategy.insight.get', 'strategy.insight.list'],
      product_goal: ['strategy.product-goal.get', 'strategy.product-goal.list'],
      annual_goal: ['strategy.annual-goal.get', 'strategy.annual-goal.list'],
      sprint: ['delivery.sprint.get', 'delivery.sprint.list'],
      intake: ['delivery.intake.get', 'delivery.intake.list'],
    });
  });

  it('names every type a record kind of the contracts\' one table', () => {
    for (const type of RECORD_TYPES) expect(Object.keys(RECORD_KINDS)).toContain(type);
  });
});
