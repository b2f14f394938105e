import { puppiesCopy as copy, type Litter } from '@cedar/content';
import { Suspense } from 'react';
import { Popup, usePopupValue, type PopupState } from '../../components/popup';
import { lazyContent, usePreloadWhenIdle } from '../../components/lazy-content';

const LitterPedigree = lazyContent(() =>
  import('./litter-pedigree').then((module) => module.LitterPedigree),
);

/** The litter pedigree popup: the litter's sire and dam with their pedigree highlights and parents. */
export function LitterPedigreeModal({ state }: { state: PopupState<Litter> }) {
  const litter = usePopupValue(state);
  usePreloadWhenIdle(LitterPedigree.preload);
  return (
    <Popup
      opened={litter !== null}
      onClose={state.close}
      title={litter ? copy.litterPedigreeTitle(litter.name) : ''}
      size="xl"
      closeLabel={copy.closeLabel}
    >
      {litter && (
        <Suspense fallback={null}>
          <LitterPedigree litter={litter} />
        </Suspense>
      )}
    </Popup>
  );
}
