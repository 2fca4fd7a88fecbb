// How one audit row reads in the journal: its action in French, a line or two of what changed, and
// where to look (the product or the account it touched). The rows' before/after are free-form
// records written by the server's moderation services; only the keys they write are read here.
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { AuditEntry } from '#contract/moderation';

const texts = fr.adminUi;

export type AuditView = { title: string; details: string[]; link: { to: string; label: string } | null };

type Json = Record<string, unknown> | null;
const num = (record: Json, key: string) => (typeof record?.[key] === 'number' ? (record[key] as number) : null);
const str = (record: Json, key: string) => (typeof record?.[key] === 'string' ? (record[key] as string) : null);
const productName = (record: Json) => {
  const product = record?.product;
  return product && typeof product === 'object' ? str(product as Json, 'name') : null;
};
const money = (amount: number | null) => (amount === null ? texts.none : formatXaf(amount));

export function auditView(entry: AuditEntry): AuditView {
  const { before, after } = entry;
  const details: string[] = [];
  let link: AuditView['link'] = null;

  switch (entry.target_type) {
    case 'price_observation': {
      const product = str(before, 'product_name');
      const store = str(before, 'store_name');
      if (product && store) details.push(texts.auditProductAt(product, store));
      const productId = str(before, 'product_id');
      if (productId) link = { to: `/admin/products?product=${productId}`, label: texts.openProduct };
      const price = num(before, 'price');
      if (price !== null) details.push(texts.auditPrice(formatXaf(price), texts.queues[str(before, 'queue') ?? ''] ?? ''));
      const shownBefore = num(before, 'shown_price');
      const shownAfter = num(after, 'shown_price');
      if (shownBefore !== shownAfter) details.push(texts.auditShown(money(shownBefore), money(shownAfter)));
      break;
    }
    case 'product_suggestion': {
      const name = productName(after) ?? productName(before);
      if (name) details.push(name);
      const productId = str(before, 'product_id');
      if (productId) link = { to: `/admin/products?product=${productId}`, label: texts.openProduct };
      break;
    }
    case 'product': {
      const name = productName(after) ?? productName(before);
      if (name) details.push(name);
      const revision = num(after, 'revision');
      if (revision !== null) details.push(texts.auditRevertedTo(revision));
      link = { to: `/admin/products?product=${entry.target_id}`, label: texts.openProduct };
      break;
    }
    case 'user': {
      const name = str(before, 'full_name');
      if (name) details.push(name);
      link = { to: `/admin/users/${entry.target_id}`, label: texts.openUser };
      break;
    }
  }
  if (entry.reason) details.push(texts.auditReason(entry.reason));
  return { title: texts.actions[entry.action] ?? fr.agentVetting.auditActions[entry.action] ?? fr.adsApi.auditActions[entry.action] ?? fr.receipts.auditActions[entry.action] ?? entry.action, details, link };
}
