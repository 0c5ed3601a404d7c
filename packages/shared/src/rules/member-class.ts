// DESIGN §7: a member's class (MC) from their prestige totals and the mc_levels ladder, and what the next
// class still needs.

export interface PrestigeTotals {
  total_general: number;
  total_regional: number;
  total_national: number;
}

export interface McLevel {
  mc: number;
  general_required: number;
  regional_required: number;
  national_required: number;
}

export interface MemberClass {
  mc: number;
  /** What is still needed for the next class, or null at the top of the ladder. */
  next: { mc: number; general: number; regional: number; national: number } | null;
}

const reached = (totals: PrestigeTotals, level: McLevel) =>
  totals.total_general >= level.general_required &&
  totals.total_regional >= level.regional_required &&
  totals.total_national >= level.national_required;

/** The highest class whose three requirements the totals all meet (0 below the first rung). */
export function memberClass(totals: PrestigeTotals, ladder: readonly McLevel[]): MemberClass {
  const sorted = [...ladder].sort((a, b) => a.mc - b.mc);
  let mc = 0;
  for (const level of sorted) {
    if (!reached(totals, level)) break;
    mc = level.mc;
  }
  const nextLevel = sorted.find((level) => level.mc > mc);
  return {
    mc,
    next: nextLevel
      ? {
          mc: nextLevel.mc,
          general: Math.max(0, nextLevel.general_required - totals.total_general),
          regional: Math.max(0, nextLevel.regional_required - totals.total_regional),
          national: Math.max(0, nextLevel.national_required - totals.total_national),
        }
      : null,
  };
}

/**
 * The ladder is cumulative: a higher class never needs fewer points of any kind than a lower one. Answers the
 * first rung that breaks this (by its MC), or null.
 */
export function ladderBreak(ladder: readonly McLevel[]): number | null {
  const sorted = [...ladder].sort((a, b) => a.mc - b.mc);
  for (let i = 1; i < sorted.length; i++) {
    const [low, high] = [sorted[i - 1]!, sorted[i]!];
    if (
      high.general_required < low.general_required ||
      high.regional_required < low.regional_required ||
      high.national_required < low.national_required
    )
      return high.mc;
  }
  return null;
}
