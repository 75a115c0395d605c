"use client";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { EndpointName } from "@/lib/api/endpoints";
import type { Identity } from "@/lib/operators/identity";

// Who is signed in to the console, and the admin endpoints their role may call (worked out on the
// server from each endpoint's contract: lib/api/allowed-endpoints.ts). A control that calls an
// endpoint shows only when `can` says so: a viewer sees every page and no action.

interface ConsoleAccess {
  identity: Identity;
  can: (endpoint: EndpointName) => boolean;
}

const ConsoleAccessContext = createContext<ConsoleAccess | null>(null);

export function ConsoleAccessProvider({ identity, allowed, children }: { identity: Identity; allowed: EndpointName[]; children: ReactNode }) {
  const value = useMemo(() => {
    const names = new Set(allowed);
    return { identity, can: (endpoint: EndpointName) => names.has(endpoint) };
  }, [identity, allowed]);
  return <ConsoleAccessContext.Provider value={value}>{children}</ConsoleAccessContext.Provider>;
}

/** The signed-in identity and `can`; only under the console's layout, which signs in first. */
export function useConsoleAccess(): ConsoleAccess {
  const access = useContext(ConsoleAccessContext);
  if (!access) throw new Error("useConsoleAccess is for the console's pages, under app/admin/layout.tsx");
  return access;
}
