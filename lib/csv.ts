// CSV as spreadsheets read it: RFC 4180 quoting, CRLF line ends, and text that a spreadsheet would
// run as a formula (a name such as "=HYPERLINK(…)") quoted with a leading apostrophe. Negative
// numbers stay numbers.

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line, its line end included. */
export const csvLine = (values: readonly string[]) => values.map(csvCell).join(",") + "\r\n";
