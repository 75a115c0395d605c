import { spawn } from "node:child_process";
import { log } from "./log";

/** A process that spins for as long as the benchmark runs, and no longer: it dies with it. */
export function keepOneCoreBusy() {
  // The spinner checks each second that its parent is still there, so that even a benchmark killed
  // with SIGKILL leaves nothing spinning.
  const parent = process.pid;
  const hog = spawn(process.execPath, ["-e", `let t=Date.now();for(;;){if(Date.now()-t>1000){t=Date.now();try{process.kill(${parent},0)}catch{process.exit(0)}}}`], { stdio: "ignore" });
  // Unreferenced: the benchmark ends when its own work does, and takes the spinner with it.
  hog.unref();
  process.on("exit", () => hog.kill("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  log(`another process (pid ${hog.pid}) keeps one core busy throughout`);
}
