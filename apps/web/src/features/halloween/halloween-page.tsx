import { pageData, pageMeta } from '../../lib/page-data';
import { contestEntries, type ContestEntry } from '@cedar/content';
import { PageActions } from '../../components/page-actions';
import { usePopupState } from '../../components/popup';
import { EntryPopup } from './entry-popup';

import { HalloweenIntro } from './halloween-content';
import { ContestEntries } from './halloween-content';
import type { Route } from './+types/halloween-page';

export const loader = ({ request }: Route.LoaderArgs) => pageData(request);
export const meta = pageMeta;

export default function HalloweenPage() {
  // Outside the page's state: opening an entry renders the popup, not the forty entries.
  const popup = usePopupState<ContestEntry>();
  return (
    <>
      <HalloweenIntro />
      <PageActions
        value={{
          entry: (index) => {
            const entry = contestEntries[Number(index)];
            if (entry) popup.open(entry);
          },
        }}
      >
        <ContestEntries />
      </PageActions>
      <EntryPopup state={popup} />
    </>
  );
}
