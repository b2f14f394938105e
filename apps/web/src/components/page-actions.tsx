import { createContext, use } from 'react';

/**
 * What the buttons of a page's content do, by name: the page holds its popups' state and gives
 * each button's action here, so the content (dozens of cards, an editable section among them)
 * takes no handler props through every level. A button calls `act('pedigree', dog.id)`.
 */
export type Actions = Readonly<Record<string, (value: string) => void>>;

export const PageActions = createContext<Actions>({});

/** The press handler of a button that runs the page's action `name` with `value`. */
export function usePageAction(): (name: string, value?: string | number) => () => void {
  const actions = use(PageActions);
  return (name, value = '') =>
    () =>
      Object.hasOwn(actions, name) ? actions[name]!(String(value)) : undefined;
}
