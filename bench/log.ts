/** One line of the benchmark's progress, stamped with the time of day. */
export const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
