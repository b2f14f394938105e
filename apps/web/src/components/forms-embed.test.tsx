import { site } from '@cedar/content';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FORM_HELP_AFTER_MS, FormsEmbed, type FormsCreateOptions } from './forms-embed';

const formId = site.forms.contactFormId;

function appendedScript(): HTMLScriptElement {
  const script = document.querySelector<HTMLScriptElement>(`script[src="${site.forms.scriptSrc}"]`);
  if (!script) throw new Error('the forms script was not appended');
  return script;
}

afterEach(() => {
  delete window.hbspt;
  document.querySelectorAll('script').forEach((s) => s.remove());
  vi.useRealTimers();
});

describe('FormsEmbed', () => {
  it("shows 'Loading form...' until the script loads, then creates the form in its container", async () => {
    renderWithProviders(<FormsEmbed formId={formId} label="Contact form" />);
    expect(screen.getByText('Loading form...')).toBeInTheDocument();
    const script = appendedScript();
    expect(script.async).toBe(true);

    const create = vi.fn((options: FormsCreateOptions) => {
      document
        .querySelector(options.target)
        ?.append(Object.assign(document.createElement('form'), { ariaLabel: 'stand-in' }));
    });
    window.hbspt = { forms: { create } };
    await act(async () => {
      script.dispatchEvent(new Event('load'));
    });

    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({
      region: 'na1',
      portalId: site.forms.portalId,
      formId,
      target: `#hs-form-${formId}`,
    });
    expect(screen.queryByText('Loading form...')).not.toBeInTheDocument();
    expect(document.querySelector(`#hs-form-${formId} form`)).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Contact form' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
  });

  it('loads the script once for two embeds and creates each form', async () => {
    renderWithProviders(
      <>
        <FormsEmbed formId={site.forms.contactFormId} label="Contact form" />
        <FormsEmbed formId={site.forms.questionnaireFormId} label="Questionnaire" />
      </>,
    );
    expect(document.querySelectorAll(`script[src="${site.forms.scriptSrc}"]`)).toHaveLength(1);
    const create = vi.fn();
    window.hbspt = { forms: { create } };
    await act(async () => {
      appendedScript().dispatchEvent(new Event('load'));
    });
    expect(create.mock.calls.map(([o]) => (o as FormsCreateOptions).formId)).toEqual([
      site.forms.contactFormId,
      site.forms.questionnaireFormId,
    ]);
  });

  it('reuses a script tag already on the page', async () => {
    const existing = Object.assign(document.createElement('script'), { src: site.forms.scriptSrc });
    document.head.append(existing);
    renderWithProviders(<FormsEmbed formId={formId} label="Contact form" />);
    expect(document.querySelectorAll(`script[src="${site.forms.scriptSrc}"]`)).toHaveLength(1);
    const create = vi.fn();
    window.hbspt = { forms: { create } };
    await act(async () => {
      existing.dispatchEvent(new Event('load'));
    });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("shows the phone and e-mail instead of 'Loading form...' when the script fails to load", async () => {
    renderWithProviders(<FormsEmbed formId={formId} label="Contact form" />);
    await act(async () => {
      appendedScript().dispatchEvent(new Event('error'));
    });
    expect(screen.queryByText('Loading form...')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `The form could not be loaded. Please call ${site.phones.main} or e-mail ${site.email} and we'll help you directly.`,
    );
    expect(screen.getByRole('region', { name: 'Contact form' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    expect(screen.getByRole('link', { name: site.phones.main })).toHaveAttribute(
      'href',
      'tel:+15185550142',
    );
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    // The failed tag is dropped so a later visit tries again.
    expect(document.querySelector(`script[src="${site.forms.scriptSrc}"]`)).toBeNull();
  });

  it("shows the phone and e-mail instead of 'Loading form...' when the script times out, and the form if it comes after all", async () => {
    vi.useFakeTimers();
    renderWithProviders(<FormsEmbed formId={formId} label="Contact form" />);
    act(() => {
      vi.advanceTimersByTime(FORM_HELP_AFTER_MS - 1);
    });
    expect(screen.getByText('Loading form...')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Loading form...')).not.toBeInTheDocument();
    expect(screen.getByText(/The form could not be loaded\. Please call/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.phones.main })).toBeInTheDocument();

    const create = vi.fn();
    window.hbspt = { forms: { create } };
    await act(async () => {
      appendedScript().dispatchEvent(new Event('load'));
    });
    expect(create).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
