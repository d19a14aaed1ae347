import { StrategySubjects } from '../strategy/strategy.subjects';
import { recordSubjects } from './subject';

describe('recordSubjects', () => {
  it('names the four subjects of a record resource after its key and subject prefix', () => {
    const subjects = recordSubjects<{ c: 1 }, { l: 1 }, { g: 1 }, { u: 1 }, { r: 1 }>()('thing', 'context.thing');
    expect(subjects).toEqual({
      thingCreate: 'context.thing.create',
      thingList: 'context.thing.list',
      thingGet: 'context.thing.get',
      thingUpdate: 'context.thing.update',
    });
  });

  it('keeps the subjects the strategy service has always served', () => {
    expect([StrategySubjects.annualGoalCreate, StrategySubjects.ckrList, StrategySubjects.insightGet, StrategySubjects.experimentUpdate]).toEqual([
      'strategy.annual-goal.create',
      'strategy.ckr.list',
      'strategy.insight.get',
      'strategy.experiment.update',
    ]);
  });
});
