import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConsoleAccessProvider } from "@/components/admin/role-context";
import { AdminSignIn } from "@/components/admin/sign-in";
import { SignOut } from "@/components/admin/sign-out";
import { MAIN_ID } from "@/components/ui/main-id";
import { consoleIdentity } from "@/lib/admin/page-session";
import { endpointsAllowed } from "@/lib/api/allowed-endpoints";

export const metadata: Metadata = { title: "Admin · Room Lobby" };

const PAGES = [
  ["/admin", "Dashboard"],
  ["/admin/rooms", "Rooms"],
  ["/admin/players", "Players"],
  ["/admin/adjustments", "Adjustments"],
  ["/admin/reports", "Reports"],
  ["/admin/audit", "Audit log"],
  ["/admin/deliveries", "Platform events"],
  ["/admin/team", "Team"],
] as const;

// Every admin page: the sign-in form until the session cookie is valid, then the console, with who is
// signed in and what their role may do handed to the page's controls.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const identity = await consoleIdentity();
  if (!identity) return <AdminSignIn />;
  return (
    <ConsoleAccessProvider identity={identity} allowed={endpointsAllowed(identity.role)}>
      <header className="border-b border-slate-800 bg-slate-900/80">
        <nav aria-label="Admin" className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <span className="font-semibold">Admin</span>
          {PAGES.map(([href, name]) => (
            <Link key={href} href={href} className="text-sky-300 underline">
              {name}
            </Link>
          ))}
          <span className="flex-1" />
          <span className="text-sm text-slate-300" data-testid="signed-in-as">
            <span className="sr-only">Signed in as </span>
            {identity.name} · {identity.role}
          </span>
          <SignOut />
        </nav>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none mx-auto max-w-6xl px-4 py-6">{children}</main>
    </ConsoleAccessProvider>
  );
}
