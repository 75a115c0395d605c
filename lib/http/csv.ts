declare const csv: unique symbol;
/** A CSV answer: what `route()` expects of an endpoint whose answer is CSV. */
export type Csv = Response & { readonly [csv]: true };

/** A CSV download: saved under `filename` by a browser, never shown as a page or sniffed as one. */
export function csvResponse(body: string | ReadableStream<Uint8Array>, filename: string): Csv {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  }) as Csv;
}
