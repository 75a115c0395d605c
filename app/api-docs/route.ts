import { REFERENCE_PAGE_POLICY, referencePage } from "@/lib/api/reference-page";

// GET /api-docs: the API reference, written once when the app is built and served as it was.
export const dynamic = "force-static";

export function GET(): Response {
  return new Response(referencePage(), {
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": REFERENCE_PAGE_POLICY },
  });
}
