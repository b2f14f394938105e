import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticLinkTarget } from './layout/public-layout';
import { beginHydration, markHydrated } from '../lib/hydration';
import { StaticContent, staticPart } from './static-content';

const renders = vi.fn();

/** Content that says when the browser renders it. */
function Article({ text = 'Our kennel sits on seven open acres.' }: { text?: string }) {
  if (typeof window !== 'undefined') renders();
  return (
    <article>
      <h2>About us</h2>
      <p>{text}</p>
      <a href="/contact">Contact us</a>
    </article>
  );
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count}
    </button>
  );
}

function Page({ sibling = 'Welcome' }: { sibling?: string }) {
  return (
    <main>
      <h1>{sibling}</h1>
      <StaticContent>
        <Article />
      </StaticContent>
      <Counter />
    </main>
  );
}

/** The page as the prerender writes it, in a container of its own. */
function prerendered(): HTMLElement {
  const container = document.createElement('div');
  // renderToString runs in this test's window: count only the browser's renders from here on.
  container.innerHTML = renderToString(<Page />);
  renders.mockClear();
  document.body.append(container);
  return container;
}

afterEach(() => {
  markHydrated();
  document.body.innerHTML = '';
});

describe('StaticContent', () => {
  it('renders its children when the page is not being hydrated (a page reached in the app)', () => {
    render(
      <StaticContent>
        <Article />
      </StaticContent>,
    );
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(renders).toHaveBeenCalled();
    expect(screen.getByRole('article').parentElement).toHaveStyle({ display: 'contents' });
  });

  it('keeps the prerendered HTML when the page hydrates, without rendering its children again', async () => {
    const container = prerendered();
    const before = container.querySelector('[data-static]')?.innerHTML;
    const recoverable = vi.fn();
    beginHydration();
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
    });
    expect(renders).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('[data-static]')?.innerHTML).toBe(before);
    expect(container.querySelector('p')?.textContent).toBe('Our kennel sits on seven open acres.');
    // The rest of the page is live: the button around it works.
    const button = container.querySelector('button');
    await act(async () => button?.click());
    expect(button?.textContent).toBe('Pressed 1');
    expect(container.querySelector('p')?.textContent).toBe('Our kennel sits on seven open acres.');
  });

  it('keeps its content when a mismatch elsewhere makes React render the page anew', async () => {
    const container = prerendered();
    const recoverable = vi.fn();
    beginHydration();
    await act(async () => {
      // A different heading than the prerendered one: React gives up hydrating and renders.
      hydrateRoot(container, <Page sibling="Something else" />, {
        onRecoverableError: recoverable,
      });
    });
    expect(recoverable).toHaveBeenCalled();
    expect(container.querySelector('h1')?.textContent).toBe('Something else');
    expect(container.querySelector('p')?.textContent).toBe('Our kennel sits on seven open acres.');
    expect(container.querySelectorAll('[data-static]')).toHaveLength(1);
  });
});

function Cards() {
  return (
    <ul>
      <li>
        <button type="button" data-action="open" data-value="duke">
          Duke
        </button>
      </li>
      <li>
        <button type="button" data-action="toString" data-value="x">
          Not an action
        </button>
      </li>
      <li>
        <button type="button">No action</button>
      </li>
    </ul>
  );
}

describe('StaticContent actions', () => {
  it('runs the action a pressed button names, with its value, when rendered', async () => {
    const open = vi.fn();
    render(
      <StaticContent actions={{ open }}>
        <Cards />
      </StaticContent>,
    );
    const press = (name: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      act(() => void screen.getByRole('button', { name }).dispatchEvent(event));
      return event;
    };
    // The part's own action runs and takes the press.
    expect(press('Duke').defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith('duke');
    // A name every object has is not an action of the part; a button without a name is left alone.
    expect(press('Not an action').defaultPrevented).toBe(false);
    expect(press('No action').defaultPrevented).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('runs it from the kept prerendered HTML too, whose buttons have no handler of their own', async () => {
    const open = vi.fn();
    const page = (actions: Record<string, (value: string) => void>) => (
      <main>
        <StaticContent actions={actions}>
          <Cards />
        </StaticContent>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page({ open: () => {} }));
    document.body.append(container);
    const kept = container.querySelector('[data-static]')?.innerHTML;
    beginHydration();
    await act(async () => {
      hydrateRoot(container, page({ open }));
    });
    markHydrated();
    expect(container.querySelector('[data-static]')?.innerHTML).toBe(kept);
    const duke = container.querySelector<HTMLButtonElement>('[data-value="duke"]');
    await act(async () => duke?.click());
    expect(open).toHaveBeenCalledWith('duke');
  });
});

describe('staticPart', () => {
  it('renders its lazily loaded content where it renders anew', async () => {
    const load = vi.fn(() => Promise.resolve(Article));
    const Part = staticPart(load);
    await act(async () => {
      render(<Part text="Seven open acres." />);
    });
    expect(await screen.findByText('Seven open acres.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the prerendered HTML on hydration without asking for its code', async () => {
    const load = vi.fn(() => Promise.resolve(Article));
    const Part = staticPart(load);
    const container = document.createElement('div');
    container.innerHTML =
      '<main><div data-static="_R_0_" style="display:contents"><p>Kept words.</p></div></main>';
    document.body.append(container);
    load.mockClear();
    beginHydration();
    await act(async () => {
      hydrateRoot(
        container,
        <main>
          <Part />
        </main>,
      );
    });
    markHydrated();
    expect(container.querySelector('p')?.textContent).toBe('Kept words.');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('staticLinkTarget (clicks on links in kept content)', () => {
  function clickTarget(html: string, init: MouseEventInit = {}): string | null {
    document.body.innerHTML = html;
    let target: string | null = 'not clicked';
    const listener = (event: MouseEvent) => {
      target = staticLinkTarget(event);
      event.preventDefault();
    };
    document.addEventListener('click', listener);
    document
      .querySelector('a span, a')
      ?.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
      );
    document.removeEventListener('click', listener);
    return target;
  }

  it('routes a plain click on a link of this site in the app', () => {
    expect(
      clickTarget('<div data-static><a href="/boarding?x=1#rates"><span>Boarding</span></a></div>'),
    ).toBe('/boarding?x=1#rates');
  });

  it('leaves every other click to the browser', () => {
    expect(clickTarget('<div><a href="/boarding">outside kept content</a></div>')).toBeNull();
    expect(
      clickTarget('<div data-static><a href="https://example.org/">other site</a></div>'),
    ).toBeNull();
    expect(clickTarget('<div data-static><a href="tel:+15185550142">phone</a></div>')).toBeNull();
    expect(
      clickTarget('<div data-static><a href="/boarding" target="_blank">new tab</a></div>'),
    ).toBeNull();
    expect(clickTarget('<div data-static><a href="/files/menu.pdf">a file</a></div>')).toBeNull();
    expect(
      clickTarget('<div data-static><a href="/boarding" download>download</a></div>'),
    ).toBeNull();
    expect(clickTarget('<div data-static><a href="/api/health">API</a></div>')).toBeNull();
    expect(
      clickTarget(`<div data-static><a href="${window.location.pathname}#top">same page</a></div>`),
    ).toBeNull();
    expect(
      clickTarget('<div data-static><a href="/boarding">ctrl</a></div>', { ctrlKey: true }),
    ).toBeNull();
    expect(
      clickTarget('<div data-static><a href="/boarding">middle</a></div>', { button: 1 }),
    ).toBeNull();
  });
});
