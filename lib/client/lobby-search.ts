// The lobby keeps its filters in its own address under the API's parameter names
// (/?currency=USD&player_limit=2&page=3), so a filtered view can be shared and survives a reload.

export const FILTERS = ["min_bet_amount", "max_bet_amount", "player_limit", "status", "currency"] as const;
export type Filter = (typeof FILTERS)[number];
const KNOWN = [...FILTERS, "page"] as const;

/** The API query for the lobby's address: its known, non-empty parameters, in a fixed order. */
export function apiSearch(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of KNOWN) {
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  return out.toString();
}

/** The address for new filter values: empty ones dropped, back to page 1. */
export function withFilters(values: Partial<Record<Filter, string>>): string {
  const out = new URLSearchParams();
  for (const key of FILTERS) {
    const value = values[key]?.trim();
    if (value) out.set(key, value);
  }
  const search = out.toString();
  return search ? `/?${search}` : "/";
}

/** The address of another page of the same filtered list. */
export function withPage(params: URLSearchParams, page: number): string {
  const out = new URLSearchParams(apiSearch(params));
  if (page > 1) out.set("page", String(page));
  else out.delete("page");
  const search = out.toString();
  return search ? `/?${search}` : "/";
}
