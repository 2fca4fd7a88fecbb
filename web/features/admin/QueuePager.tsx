import { fr } from '#contract/messages';
import { Pagination } from '../../ui/Pagination';

const texts = fr.adminUi;

/** Page buttons of the moderation lists. */
export function QueuePager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  return (
    <Pagination
      page={page}
      pages={pages}
      window={5}
      onChange={onChange}
      label={texts.pagination}
      pageLabel={texts.page}
      previousLabel={texts.previousPage}
      nextLabel={texts.nextPage}
    />
  );
}
