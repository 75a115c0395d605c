import { cookies } from "next/headers";
import { config } from "@/lib/env";
import { ADMIN_COOKIE, isValidSession } from "./session";

/**
 * Whether the console's pages may show this request anything. The layout shows the sign-in form
 * otherwise; a page that reads the database on the server checks too, since a page's data does not
 * depend on its layout rendering.
 */
export async function hasAdminSession(): Promise<boolean> {
  return isValidSession((await cookies()).get(ADMIN_COOKIE)?.value, config().adminToken);
}
