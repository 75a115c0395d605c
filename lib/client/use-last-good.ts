"use client";
import { useState } from "react";

/**
 * The last data a query answered, kept while a read of new filters fails: a refused filter must not
 * empty the table a person was reading. Stored in state the moment it changes, during render, as
 * React documents for a value that follows a prop.
 */
export function useLastGood<T>(data: T | undefined): T | undefined {
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  return data ?? kept;
}
