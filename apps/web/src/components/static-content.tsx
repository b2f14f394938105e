import {
  useId,
  useState,
  type ComponentType,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { isHydrating } from '../lib/hydration';
import { lazyContent } from './lazy-content';

// The wrapper takes no box of its own: its children lay out as if it were not there.
const CONTENTS: CSSProperties = { display: 'contents' };

/** The prerendered HTML of the StaticContent with this id, or null when the page has none. */
function serverHtml(id: string): string | null {
  for (const element of document.querySelectorAll('[data-static]')) {
    if (element.getAttribute('data-static') === id) return element.innerHTML;
  }
  return null;
}

/**
 * Content with nothing to press but links: headings, text, photos, cards. When the prerendered
 * page hydrates, React keeps the server's HTML for it as it is instead of rendering it again
 * (its inner HTML is handed to React as is), which on a phone is most of a page's hydration
 * work. Anywhere else — a page reached in the app, the server, tests — it renders its children
 * as usual. Links inside work before and after: PublicLayout routes clicks on them in the app.
 *
 * Only for content that looks the same whenever it renders: nothing that reads the clock,
 * storage or state, and no form. Its buttons work through `actions`: a button inside names its
 * action and value (`data-action="pedigree" data-value="duke"`) and a press on it, kept HTML or
 * rendered, calls `actions.pedigree('duke')`.
 */
export function StaticContent({ children, actions }: { children: ReactNode; actions?: Actions }) {
  const id = useId();
  const [keptHtml] = useState(() => (isHydrating() ? serverHtml(id) : null));
  const onClick = actions && ((event: MouseEvent<HTMLDivElement>) => runAction(event, actions));
  if (keptHtml !== null) {
    return (
      // Presses on the buttons inside bubble here (see runAction): the div itself is not one.
      <div
        data-static={id}
        style={CONTENTS}
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: keptHtml }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div data-static={id} style={CONTENTS} onClick={onClick}>
      {children}
    </div>
  );
}

/** What the buttons of a StaticContent do, by the name in their `data-action`. */
export type Actions = Record<string, (value: string) => void>;

/** Runs the action of the button pressed inside a StaticContent, if it names one. */
function runAction(event: MouseEvent<HTMLDivElement>, actions: Actions) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>('[data-action]');
  if (!button || !event.currentTarget.contains(button)) return;
  const name = button.dataset.action ?? '';
  // Only the part's own actions: not a name every object has (`toString`).
  const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
  if (!action) return;
  event.preventDefault();
  action(button.dataset.value ?? '');
}

/**
 * StaticContent whose code is a chunk of its own. On the prerendered page its HTML is kept and
 * its code is never asked for, so it stays out of the page's first load; where the part renders
 * anew (a page reached in the app) it renders once its chunk is in, and a navigation keeps the
 * previous page on screen until then. The prerender inlines the chunk's stylesheets
 * (scripts/route-assets.mjs), so the kept HTML is styled from the first paint.
 */
export function staticPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Content = lazyContent(load);
  function StaticPart({ actions, ...props }: P & { actions?: Actions }) {
    return (
      <StaticContent actions={actions}>
        <Content {...(props as P)} />
      </StaticContent>
    );
  }
  return StaticPart;
}
