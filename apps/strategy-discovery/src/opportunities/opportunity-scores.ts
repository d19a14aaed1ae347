// Formulas of docs/decisions.md (Strategy): the contract shows the fields, not how they are computed.

/** Rounded to 2 decimals so that floating-point noise never reaches the wire. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Opportunity score: impact × confidence, 1 to 25. */
export function opportunityScore(impact: number, confidence: number): number {
  return impact * confidence;
}

/** RICE: reach × impact × (confidence ÷ 5) ÷ effort; null while reach or effort is unknown. */
export function riceScore(reach: number | null, impact: number, confidence: number, effort: number | null): number | null {
  if (reach === null || effort === null) return null;
  return round2((reach * impact * (confidence / 5)) / effort);
}
