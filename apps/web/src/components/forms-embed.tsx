import { Anchor, Box, Group, Loader, Text } from '@mantine/core';
import { site, telHref } from '@cedar/content';
import { useEffect, useRef, useState } from 'react';

/** The part of the third-party forms script (HubSpot embed v2) this site uses. */
export interface FormsCreateOptions {
  region: string;
  portalId: string;
  formId: string;
  /** CSS selector of the element the form is rendered into */
  target: string;
}

declare global {
  interface Window {
    hbspt?: { forms: { create: (options: FormsCreateOptions) => void } };
  }
}

/** How long a slow forms script may take before the box offers the phone and e-mail instead. */
export const FORM_HELP_AFTER_MS = 10_000;

// One load per page, shared by every embed; keyed by the <script> element so a removed tag loads afresh.
const loads = new WeakMap<HTMLScriptElement, Promise<void>>();

function loadFormsScript(src: string): Promise<void> {
  if (window.hbspt?.forms) return Promise.resolve();
  let script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  const pending = script ? loads.get(script) : undefined;
  if (pending) return pending;
  if (!script) {
    script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.charset = 'utf-8';
    document.body.appendChild(script);
  }
  const tag = script;
  const promise = new Promise<void>((resolve, reject) => {
    tag.addEventListener('load', () => resolve(), { once: true });
    tag.addEventListener(
      'error',
      () => {
        // Forget the failed tag so a later page visit tries again.
        tag.remove();
        reject(new Error(`could not load ${src}`));
      },
      { once: true },
    );
  });
  loads.set(tag, promise);
  return promise;
}

type EmbedState = 'loading' | 'ready' | 'failed';

export interface FormsEmbedProps {
  formId: string;
  /** Accessible name of the form region, e.g. 'Contact form' */
  label: string;
}

/**
 * The external form: 'Loading form...' until the forms script has loaded, then the provider
 * renders the form into the target. If the script fails (blocked, offline) or takes longer than
 * FORM_HELP_AFTER_MS, the box offers the phone and e-mail in place of 'Loading form...': saying it
 * is still loading beside "if the form doesn't appear" told the visitor two things at once. A slow
 * script that arrives after all still renders its form.
 */
export function FormsEmbed({ formId, label }: FormsEmbedProps) {
  const targetId = `hs-form-${formId}`;
  const targetRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<EmbedState>('loading');
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const target = targetRef.current;
    const slowTimer = window.setTimeout(() => setSlow(true), FORM_HELP_AFTER_MS);
    loadFormsScript(site.forms.scriptSrc)
      .then(() => {
        if (cancelled) return;
        const forms = window.hbspt?.forms;
        if (!forms) throw new Error('the forms script loaded without window.hbspt');
        forms.create({
          region: site.forms.region,
          portalId: site.forms.portalId,
          formId,
          target: `#${targetId}`,
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      })
      .finally(() => window.clearTimeout(slowTimer));
    return () => {
      cancelled = true;
      window.clearTimeout(slowTimer);
      // The provider writes into the target outside React: clear it so a remount starts clean.
      target?.replaceChildren();
    };
  }, [formId, targetId]);

  return (
    <Box
      role="region"
      aria-label={label}
      aria-busy={state === 'loading' && !slow}
      mih={state === 'ready' ? undefined : 160}
    >
      {state !== 'ready' && (
        <Box role="status" py="lg">
          {state === 'failed' || slow ? (
            <Text ta="center" maw={460} mx="auto">
              The form could not be loaded. Please call{' '}
              <Anchor href={telHref(site.phones.main)} fw={600}>
                {site.phones.main}
              </Anchor>{' '}
              or e-mail{' '}
              <Anchor href={`mailto:${site.email}`} fw={600}>
                {site.email}
              </Anchor>{' '}
              and we&apos;ll help you directly.
            </Text>
          ) : (
            <Group gap="sm" justify="center">
              <Loader size="sm" aria-hidden="true" />
              <Text c="gray.7">Loading form...</Text>
            </Group>
          )}
        </Box>
      )}
      {/* Left empty by React: the forms script owns its contents. */}
      <div id={targetId} ref={targetRef} />
    </Box>
  );
}
