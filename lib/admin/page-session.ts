import { cookies } from "next/headers";
import { config } from "@/lib/env";
import type { Identity } from "@/lib/operators/identity";
import { findSession } from "@/lib/operators/sessions";
import { db } from "@/lib/runtime/database";
import { ADMIN_COOKIE } from "./session";

/**
 * Who the console's pages are showing, or undefined: the layout shows the sign-in form then. A page
 * that reads the database on the server checks too, since a page's data does not depend on its
 * layout rendering.
 */
export async function consoleIdentity(): Promise<Identity | undefined> {
  return findSession(await db(), (await cookies()).get(ADMIN_COOKIE)?.value, config().adminToken);
}

export const hasAdminSession = async (): Promise<boolean> => (await consoleIdentity()) !== undefined;
