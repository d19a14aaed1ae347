import { ByteBudget } from './byte-budget';

describe('ByteBudget', () => {
  it('lends bytes while they fit and refuses what does not', () => {
    const budget = new ByteBudget(100);
    const first = budget.take(60);
    expect(first).not.toBeNull();
    expect(budget.take(41)).toBeNull();
    const second = budget.take(40);
    expect(second).not.toBeNull();
    expect(budget.held).toBe(100);
    expect(budget.take(1)).toBeNull();
  });

  it('takes back each loan once, however often it is returned', () => {
    const budget = new ByteBudget(100);
    const release = budget.take(70)!;
    release();
    release();
    expect(budget.held).toBe(0);
    const again = budget.take(100);
    expect(again).not.toBeNull();
    expect(budget.held).toBe(100);
  });

  it('refuses a single loan larger than the whole budget', () => {
    expect(new ByteBudget(10).take(11)).toBeNull();
  });
});
