// Chart geometry, apart from drawing: a round top for the value axis, its ticks, and which period
// labels fit under the chart.

/** A value more than this many times the next largest is an outlier, drawn to the top of the scale. */
export const OUTLIER_RATIO = 4;
/** Room left above the tallest value the scale keeps. */
const HEADROOM = 1.25;

/** The smallest "round" number (1, 2, 2.5 or 5 times a power of ten) at or above `max`; 1 for nothing. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

/** Values of the axis' gridlines, from 0 to the top in `steps` equal parts. */
export const ticks = (top: number, steps = 4) => Array.from({ length: steps + 1 }, (_, i) => (top * i) / steps);

/** Which of `count` period labels to write under the chart: about `room` of them, evenly, the last always. */
export function labelledIndexes(count: number, room = 6): number[] {
  const step = Math.max(1, Math.ceil(count / room));
  return Array.from({ length: count }, (_, i) => i).filter((i) => (count - 1 - i) % step === 0);
}

/** A period label as the chart writes it: "21:00" for an hour, "11-24" for a day. */
export const shortPeriod = (label: string) => (label.length > 10 ? `${label.slice(11, 13)}:00` : label.slice(5));

/**
 * The value axis' top, and whether some values stand above it. One busy hour (or a seed) must not
 * flatten every other period to the floor: when the largest values are each more than OUTLIER_RATIO
 * times the next (at most one in ten values, at least one), the scale is set from the rest and those
 * are clipped, to be drawn to the top with their real value written on them. Nulls and zeros never
 * set a scale: a single value above nothing is the scale.
 */
export function valueAxis(values: (number | null)[]): { top: number; clipped: boolean } {
  const sorted = values.filter((v): v is number => v !== null && v > 0).sort((a, b) => b - a);
  const mostOutliers = Math.max(1, Math.floor(values.length / 10));
  for (let k = 1; k <= mostOutliers && k < sorted.length; k++) {
    // niceCeiling at most doubles (2.5 → 5), so 1.25 × 2 < 4: the top is below every outlier.
    if (sorted[k - 1]! > OUTLIER_RATIO * sorted[k]!) return { top: niceCeiling(sorted[k]! * HEADROOM), clipped: true };
  }
  return { top: niceCeiling(sorted[0] ?? 0), clipped: false };
}
