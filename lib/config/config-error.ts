/**
 * Settings that stop the app from starting, one line each, every line saying what to fix. All the
 * problems of one environment come together, so a bad deploy is fixed in one round, not one per start.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const lines = typeof problems === "string" ? [problems] : problems;
    super(lines.join("\n"));
    this.problems = lines;
  }
}
