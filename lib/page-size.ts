// The page sizes of every list in the API, apart from the query schemas (lib/pagination.ts) so that
// the lobby's browser code can read them without bundling the validation library.
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
