// The lists' query key, on its own: the outbox's handlers (loaded with the app) need it without the pages' code.
export const listsQueryKey = ['shopping-lists'] as const;
