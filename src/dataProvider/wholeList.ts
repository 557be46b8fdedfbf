/** Paging that asks for a whole list in one page: for the short lists read whole (catalogue, a set's builds). */
export const WHOLE_PAGE = { page: 1, perPage: 100_000 };

/** useGetList's parameters for a whole list in the server's order. */
export const WHOLE_LIST = { pagination: WHOLE_PAGE, sort: { field: '', order: 'ASC' as const } };
