import { opportunityScore, riceScore } from './opportunity-scores';

describe('opportunity scores', () => {
  it('score is impact times confidence', () => {
    expect(opportunityScore(3, 3)).toBe(9);
    expect(opportunityScore(5, 4)).toBe(20);
    expect(opportunityScore(1, 1)).toBe(1);
  });

  it('RICE takes confidence as a fraction of 5', () => {
    expect(riceScore(1000, 3, 4, 2)).toBe(1200);
    expect(riceScore(500, 2, 5, 4)).toBe(250);
    expect(riceScore(0, 5, 5, 1)).toBe(0);
  });

  it('RICE rounds to two decimals', () => {
    // 10 × 1 × 0.6 ÷ 3 = 2 exactly; 7 × 1 × 0.6 ÷ 3 = 1.4; 1 × 1 × 0.2 ÷ 3 = 0.0666…
    expect(riceScore(10, 1, 3, 3)).toBe(2);
    expect(riceScore(7, 1, 3, 3)).toBe(1.4);
    expect(riceScore(1, 1, 1, 3)).toBe(0.07);
  });

  it('RICE is null while reach or effort is missing', () => {
    expect(riceScore(null, 3, 3, 2)).toBeNull();
    expect(riceScore(100, 3, 3, null)).toBeNull();
  });
});
