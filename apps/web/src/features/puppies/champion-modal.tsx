import { puppiesCopy } from '@cedar/content';
import { Suspense } from 'react';
import { lazyContent, usePreloadWhenIdle } from '../../components/lazy-content';
import { Popup, usePopupValue, type PopupState } from '../../components/popup';

// The photo and story (with the dogs' records the champion's name comes from) load apart.
const ChampionStory = lazyContent(() =>
  import('./champion-story').then((module) => module.ChampionStory),
);

/** The champion winner popup: its title (the page's loader gives it), photo and story. */
export function ChampionModal({ state, title }: { state: PopupState<true>; title: string }) {
  usePreloadWhenIdle(ChampionStory.preload);
  return (
    <Popup
      opened={usePopupValue(state) !== null}
      onClose={state.close}
      title={title}
      size="lg"
      closeLabel={puppiesCopy.closeLabel}
    >
      <Suspense fallback={null}>
        <ChampionStory />
      </Suspense>
    </Popup>
  );
}
