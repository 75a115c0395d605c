// The lobby keeps its view in its own address under the API's parameter names
// (/?currency=USD&player_limit=2&sort=bet_asc&page=3), so a view can be shared and survives a reload.
// An address with none of them shows the default view: the rooms this player can play, their own
// currency and waiting. Any other view carries `sort` at least, so that "all rooms" has an address.

export const FILTERS = ["min_bet_amount", "max_bet_amount", "player_limit", "status", "currency"] as const;
export type Filter = (typeof FILTERS)[number];
export const SORTS = ["newest", "bet_asc", "bet_desc", "filling"] as const;
export type Sort = (typeof SORTS)[number];
/** The lobby's parameters, in the order its addresses and API queries give them. */
const KNOWN = [...FILTERS, "sort", "page"] as const;

/** Whether the address names no view of its own, and so shows the default one. */
export function isDefaultView(params: URLSearchParams): boolean {
  return KNOWN.every((key) => !params.get(key));
}

/** The view's parameters: the address's, or the default view's for this player. */
export function viewParams(params: URLSearchParams, currency: string): URLSearchParams {
  return isDefaultView(params) ? new URLSearchParams({ status: "waiting", currency }) : params;
}

/** The API query for a view: its known, non-empty parameters, in a fixed order, less any in `drop`. */
export function apiSearch(params: URLSearchParams, drop: readonly string[] = []): string {
  const out = new URLSearchParams();
  for (const key of KNOWN) {
    const value = params.get(key);
    if (value && !drop.includes(key)) out.set(key, value);
  }
  return out.toString();
}

const addressOf = (out: URLSearchParams) => `/?${out.toString()}`;

/** The address for new filter values and sort: empty ones dropped, back to page 1. */
export function withFilters(values: Partial<Record<Filter | "sort", string>>): string {
  const out = new URLSearchParams();
  for (const key of FILTERS) {
    const value = values[key]?.trim();
    if (value) out.set(key, value);
  }
  out.set("sort", values.sort || "newest");
  return addressOf(out);
}

/** The address of every room, in the view's order. */
export function allRooms(params: URLSearchParams): string {
  return withFilters({ sort: params.get("sort") ?? undefined });
}

/** The address of another page of the same view. */
export function withPage(view: URLSearchParams, page: number): string {
  const out = new URLSearchParams(apiSearch(view));
  if (page > 1) out.set("page", String(page));
  else out.delete("page");
  if (!out.get("sort")) out.set("sort", "newest");
  return addressOf(out);
}
