// Chart geometry, apart from drawing: a round top for the value axis, its ticks, and which period
// labels fit under the chart.

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
