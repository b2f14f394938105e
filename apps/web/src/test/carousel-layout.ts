import { afterEach, beforeEach, vi } from 'vitest';

const SLIDE_WIDTH = 800;

// jsdom does no layout; embla measures offsetWidth/offsetLeft and the slides' margins, so give
// the slides a row of real sizes.
function stubCarouselLayout() {
  const proto = HTMLElement.prototype;
  const computed = window.getComputedStyle;
  return [
    vi.spyOn(window, 'getComputedStyle').mockImplementation((elt, pseudo) => {
      const style = computed(elt, pseudo);
      const read = style.getPropertyValue.bind(style);
      style.getPropertyValue = (name: string) =>
        read(name) || (name.startsWith('margin') ? '0px' : '');
      return style;
    }),
    vi.spyOn(proto, 'offsetWidth', 'get').mockReturnValue(SLIDE_WIDTH),
    vi.spyOn(proto, 'offsetHeight', 'get').mockReturnValue(600),
    vi.spyOn(proto, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('aria-roledescription') !== 'slide' || !this.parentElement) return 0;
      return Array.prototype.indexOf.call(this.parentElement.children, this) * SLIDE_WIDTH;
    }),
  ];
}

/** Call at the top of a test file whose carousels must move in jsdom. */
export function withCarouselLayout() {
  let spies: ReturnType<typeof stubCarouselLayout> = [];
  beforeEach(() => {
    spies = stubCarouselLayout();
  });
  afterEach(() => spies.forEach((s) => s.mockRestore()));
}
