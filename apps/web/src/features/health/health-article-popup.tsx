import { healthCopy as copy, type HealthCard } from '@cedar/content';
import { Suspense } from 'react';
import { lazyContent, usePreloadWhenIdle } from '../../components/lazy-content';
import { Popup, usePopupValue, type PopupState } from '../../components/popup';

// The essays load apart from the page (asked for once the page is idle): the popup opens with
// the card's title at once, and its photo and essay follow if a press comes before they are in.
const HealthArticle = lazyContent(() =>
  import('./health-article').then((module) => module.HealthArticle),
);

/** What the popup opens with: the card's id and title (the page's loader gives them). */
export type HealthArticleRef = Pick<HealthCard, 'id' | 'title'>;

/** A health card's popup: its title, photo and full essay. */
export function HealthArticlePopup({ state }: { state: PopupState<HealthArticleRef> }) {
  usePreloadWhenIdle(HealthArticle.preload);
  const card = usePopupValue(state);
  return (
    <Popup
      opened={card !== null}
      onClose={state.close}
      title={card?.title}
      size="lg"
      closeLabel={copy.closeArticle}
    >
      {card && (
        <Suspense fallback={null}>
          <HealthArticle id={card.id} />
        </Suspense>
      )}
    </Popup>
  );
}
