import { queryWholeNumber } from "@/lib/validation/fields";

// Paging of every list in the API: ?page=1&limit=20, newest first.

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./page-size";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };
export const MAX_PAGE = 1_000_000;

/** The `page` and `limit` query parameters, for a list's query schema. */
export const pageQuery = {
  page: queryWholeNumber(1, MAX_PAGE).default(1),
  limit: queryWholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Pages needed for `total` records; none for none. */
export function totalPages(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** The paging fields of a list answer. */
export const pageInfo = (total: number, page: number, limit: number) => ({ total, page, limit, total_pages: totalPages(total, limit) });
