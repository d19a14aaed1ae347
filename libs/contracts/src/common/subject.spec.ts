import { StrategyRecords, StrategySubjects } from '../strategy/strategy.subjects';
import { recordResource, recordSubjects } from './subject';

class CreateThing {}
class ListThings {}

describe('record resources', () => {
  it('name each operation after the resource, with its request class, in the order given', () => {
    const thing = recordResource<{ r: 1 }>()('context.thing', { list: ListThings, create: CreateThing });
    expect(Object.entries(thing)).toEqual([
      ['list', ['context.thing.list', ListThings]],
      ['create', ['context.thing.create', CreateThing]],
    ]);
  });

  it('spread into a subjects object under `<key><Operation>`', () => {
    const thing = recordResource<{ r: 1 }>()('context.thing', { list: ListThings, create: CreateThing });
    expect(recordSubjects({ thing })).toEqual({ thingList: 'context.thing.list', thingCreate: 'context.thing.create' });
  });

  it('keep the subjects the strategy service has always served', () => {
    expect([StrategySubjects.annualGoalCreate, StrategySubjects.ckrList, StrategySubjects.insightGet, StrategySubjects.experimentUpdate]).toEqual([
      'strategy.annual-goal.create',
      'strategy.ckr.list',
      'strategy.insight.get',
      'strategy.experiment.update',
    ]);
    expect(StrategyRecords.ckr.list[0]).toBe(StrategySubjects.ckrList);
  });
});
