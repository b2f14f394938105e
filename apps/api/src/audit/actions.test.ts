import { AUDIT_ACTIONS } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { SECURITY_EVENTS } from './actions';

describe('the audit log’s labels', () => {
  it('names every kind of event the server writes, in the owner’s words', () => {
    const unlabelled = SECURITY_EVENTS.filter((event) => !AUDIT_ACTIONS[event]?.trim());
    expect(unlabelled).toEqual([]);
  });

  it('offers no label for an event the server never writes (the filter would find nothing)', () => {
    const events: readonly string[] = SECURITY_EVENTS;
    expect(Object.keys(AUDIT_ACTIONS).filter((action) => !events.includes(action))).toEqual([]);
  });

  it('gives each event its own label', () => {
    const labels = Object.values(AUDIT_ACTIONS);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });
});
