import { sql, type RawBuilder } from 'kysely';

/** z for a two-sided 95 % interval. */
export const WILSON_Z = 1.959964;

/**
 * The lower bound of the Wilson score interval of a share (`positive` of `total`), the reference formula
 * for ordering by helpfulness (Evan Miller, "How not to sort by average rating"). 0 when nobody voted.
 */
export function wilsonLowerBoundOf(positive: number, total: number, z = WILSON_Z): number {
  if (total <= 0) return 0;
  const share = positive / total;
  const z2 = z * z;
  return (
    (share + z2 / (2 * total) - z * Math.sqrt((share * (1 - share) + z2 / (4 * total)) / total)) /
    (1 + z2 / total)
  );
}

/** The same bound in SQL, for an ORDER BY over the votes' counts. */
export function wilsonLowerBound(
  positive: RawBuilder<number>,
  total: RawBuilder<number>,
): RawBuilder<number> {
  const z = sql.lit(WILSON_Z);
  return sql<number>`(case when ${total} = 0 then 0 else
    ((${positive}::float8 / ${total}) + ${z} * ${z} / (2 * ${total})
      - ${z} * sqrt(((${positive}::float8 / ${total}) * (1 - ${positive}::float8 / ${total})
        + ${z} * ${z} / (4 * ${total})) / ${total}))
    / (1 + ${z} * ${z} / ${total}) end)`;
}
