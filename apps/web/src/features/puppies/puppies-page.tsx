import { Container, Stack } from '../../ui/shell';
import {
  litterParents,
  puppiesFrameCopy as copy,
  puppyPhotos,
  type LitterParents,
} from '@cedar/content';
import { ImageModal } from '../../components/image-modal';
import { usePopupState, usePopupValue, type PopupState } from '../../components/popup';
import { staticPart } from '../../components/static-content';
import { ChampionModal } from './champion-modal';
import { LitterPedigreeModal } from './litter-pedigree-modal';
import { useKennelDay } from './use-kennel-day';

// The opening band: text only, kept as prerendered (see staticPart).
const PuppiesIntro = staticPart(() =>
  import('./puppies-content').then((module) => module.PuppiesIntro),
);

// The photos, the placement steps, the litters and the champion band are kept as prerendered,
// their code a chunk of its own (see staticPart); their buttons name an action, and the page
// opens the popup.
const PuppyGallery = staticPart(() =>
  import('./puppies-content').then((module) => module.PuppyGallery),
);
const PuppiesSection = staticPart(() =>
  import('../../sections/puppies-section').then((module) => module.PuppiesSection),
);
const PuppiesLitters = staticPart(() =>
  import('./puppies-content').then((module) => module.PuppiesLitters),
);
const ChampionTeaser = staticPart(() =>
  import('./puppies-content').then((module) => module.ChampionTeaser),
);

function PuppyPhotoModal({ state }: { state: PopupState<number> }) {
  const index = usePopupValue(state);
  const photo = index === null ? undefined : puppyPhotos[index];
  return (
    <ImageModal
      image={photo ? { src: photo.src, alt: photo.alt, caption: photo.alt } : null}
      title={index === null ? undefined : copy.photoTitle(index + 1, puppyPhotos.length)}
      onClose={state.close}
    />
  );
}

// The popups' state lives outside the page's: opening one renders the popup, not the page.
export function Component() {
  const day = useKennelDay();
  const photo = usePopupState<number>();
  const pedigree = usePopupState<LitterParents>();
  const champion = usePopupState<true>();

  const actions = {
    photo: (index: string) => photo.open(Number(index)),
    pedigree: (id: string) => {
      const litter = litterParents.find((l) => l.id === id);
      if (litter) pedigree.open(litter);
    },
    champion: () => champion.open(true),
  };

  return (
    <>
      <PuppiesIntro />

      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack gap={72}>
          <PuppyGallery actions={actions} />
          <PuppiesSection />
          {/* Kept as prerendered on the day the page was built for; on another day (a page left
              open past midnight) the lists render anew for it. */}
          <PuppiesLitters key={day.toISOString()} now={day} actions={actions} />
          <ChampionTeaser actions={actions} />
        </Stack>
      </Container>

      <PuppyPhotoModal state={photo} />
      <LitterPedigreeModal state={pedigree} />
      <ChampionModal state={champion} />
    </>
  );
}
