// List writes go through the outbox (web/lib/offline): the list editor's saves, ticks and quantity
// changes are queued with an Idempotency-Key (list-writes.ts), shown at once (pending-lists.ts), and
// sent now or when the network returns. This module, loaded once the first screen is shown
// (AppLayout), sends them, puts the server's answers into the cache, and tells the user, in French
// and naming the item, what could not be merged with changes made elsewhere.
import type { QueryClient } from '@tanstack/react-query';
import type { ListChangesResult, ListChangeNotice } from '#contract/list-changes';
import type { ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { ApiError, apiRequest } from '../../lib/api';
import { outboxStore } from '../../lib/offline/outbox-store';
import { notifyError, notifyWarning } from '../../lib/notify';
import { listsQueryKey } from './list-keys';
import type { ListOutboxEntry, ListWriteMeta } from './pending-lists';

const listKey = (id: string) => [...listsQueryKey, id] as const;
const NOTICE_MS = 12_000;

function noticeText(notice: ListChangeNotice, listName: string): string {
  if (notice.code === 'renamed_elsewhere') return fr.offline.renamedElsewhere(notice.replaced_name, listName);
  return notice.code === 'list_full' ? fr.offline.listFull(notice.item_name, listName) : fr.offline.itemRemovedElsewhere(notice.item_name, listName);
}

/** What a refused write means for the user. */
export function refusalText(meta: ListWriteMeta, error: ApiError): string {
  if (error.status === 404 && meta.kind === 'changes') return fr.offline.listDeletedElsewhere(meta.listName);
  return fr.offline.changesRefused(meta.listName, error.detail);
}

/** The server's list replaces ours in the cache (any fetch still running would bring older data). */
async function storeList(queryClient: QueryClient, list: ShoppingList): Promise<void> {
  await queryClient.cancelQueries({ queryKey: listsQueryKey });
  queryClient.setQueryData<ShoppingList[]>(listsQueryKey, (lists) => (lists ? (lists.some((l) => l.id === list.id) ? lists.map((l) => (l.id === list.id ? list : l)) : [list, ...lists]) : lists));
  queryClient.setQueryData(listKey(list.id), list);
}

/** Plugs the lists into the outbox: how entries are sent, and what their answers change. */
export function startListSync(queryClient: QueryClient): void {
  outboxStore.configure({
    send: (entry) => apiRequest(entry.method, entry.path, { body: entry.body, idempotencyKey: entry.key }),
    async onSent(raw, body) {
      const entry = raw as ListOutboxEntry;
      if (entry.meta.kind === 'create') return storeList(queryClient, body as ShoppingList);
      const result = body as ListChangesResult;
      await storeList(queryClient, result.list);
      // Long enough to be read: the user learns what another device changed.
      for (const notice of result.notices) notifyWarning(noticeText(notice, result.list.name), { duration: NOTICE_MS });
    },
    onRejected(entries, error) {
      const first = entries[0] as ListOutboxEntry;
      notifyError(refusalText(first.meta, error instanceof ApiError ? error : new ApiError(0, fr.common.unknownError)));
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: listsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
