import { halloweenCopy as copy, type ContestEntry } from '@cedar/content';
import { Popup, usePopupValue, type PopupState } from '../../components/popup';
import { SiteImage } from '../../components/site-image';
import { entryAlt } from './entry-alt';
import classes from './halloween-page.module.css';

/** A contest entry, full screen: the photo, the dog's name and the family. */
export function EntryPopup({ state }: { state: PopupState<ContestEntry> }) {
  const entry = usePopupValue(state);
  // The popup fills the screen, so the dark area around the photo is its backdrop: a click there
  // closes it (Popup's fullScreen), a click on the photo or the words does not (data-keep-open).
  return (
    <Popup
      opened={entry !== null}
      onClose={state.close}
      title={entry?.name}
      closeLabel={copy.closePopup}
      fullScreen
      classNames={{
        content: classes.popupContent,
        header: classes.popupHeader,
        title: classes.popupTitle,
        close: classes.popupClose,
        body: classes.popupBody,
      }}
      data-testid="contest-popup"
    >
      {entry && (
        <figure className={classes.popupFigure}>
          <SiteImage
            src={entry.image}
            alt={entryAlt(entry)}
            sizes="100vw"
            className={classes.popupImage}
            data-keep-open
          />
          <figcaption data-keep-open>
            <span className={classes.popupName}>{entry.name}</span>
            <span className={classes.popupFamily}>{entry.familyName}</span>
          </figcaption>
        </figure>
      )}
    </Popup>
  );
}
