import { contestEntries, type ContestEntry } from '@cedar/content';
import { usePopupState } from '../../components/popup';
import { staticPart } from '../../components/static-content';
import { EntryPopup } from './entry-popup';

// The page is text, photos and buttons that open an entry: kept as prerendered when the page
// hydrates, their code a chunk of its own (see staticPart); a press on an entry opens it here.
const HalloweenIntro = staticPart(() =>
  import('./halloween-content').then((module) => module.HalloweenIntro),
);
const ContestEntries = staticPart(() =>
  import('./halloween-content').then((module) => module.ContestEntries),
);

export function Component() {
  // Outside the page's state: opening an entry renders the popup, not the forty entries.
  const popup = usePopupState<ContestEntry>();
  return (
    <>
      <HalloweenIntro />
      <ContestEntries
        actions={{
          entry: (index) => {
            const entry = contestEntries[Number(index)];
            if (entry) popup.open(entry);
          },
        }}
      />
      <EntryPopup state={popup} />
    </>
  );
}
