// The bodies a HubSpot workflow's "Send a webhook" action sends (see docs/hubspot.md):
//   the contact object  { vid, properties: { firstname: { value }, … }, "form-submissions": [ … ] }
//                       (or { id, properties: { firstname: "Ada", … } })
//   flat properties     { firstname: "Ada", lastname: "Lane", email: …, … }  ("Customize request body")
import { createHash } from 'node:crypto';
import type { InquiryForm } from '@cedar/api-contract';
import { z } from 'zod';
import { formOf, type HubSpotValue, type MappedInquiry, mapValues } from './mapping';

const primitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const propertyValue = z.union([primitive, z.object({ value: primitive.optional() })]);

const contactObjectSchema = z.object({
  vid: z.union([z.number(), z.string()]).optional(),
  id: z.union([z.number(), z.string()]).optional(),
  properties: z.record(z.string().max(500), propertyValue),
  'form-submissions': z
    .array(
      z.object({
        'conversion-id': z.string().max(200).optional(),
        timestamp: z.number().optional(),
        'form-id': z.string().max(200).optional(),
        'page-url': z.string().max(4000).optional(),
      }),
    )
    .max(10_000)
    .optional(),
});

const flatSchema = z.record(z.string().max(500), primitive);

/** HubSpot's own contact properties: never a family's answer. */
const SYSTEM_PROPERTY = /^(hs_|hubspot|ip_|num_|first_conversion|recent_conversion)/;
const SYSTEM_PROPERTIES = new Set([
  'createdate',
  'lastmodifieddate',
  'lifecyclestage',
  'associatedcompanyid',
  'currentlyinworkflow',
  'notes_last_updated',
  'notes_last_contacted',
  'days_to_close',
  'closedate',
  'engagements_last_meeting_booked',
  // What a flat body may carry to say which submission and form it is.
  'conversion_id',
  'conversionid',
  'form_id',
  'formid',
  'page_url',
  'pageurl',
]);

const isAnswer = (name: string) => {
  const key = name.toLowerCase();
  return !SYSTEM_PROPERTY.test(key) && !SYSTEM_PROPERTIES.has(key);
};

export interface WebhookInquiry {
  /** The submission's id, so that a retried delivery, or one the poller read, is stored once. */
  deliveryId: string;
  inquiry: MappedInquiry;
  form?: InquiryForm;
  shape: 'contact-object' | 'flat';
  /** True when nothing names the submission (its id is the body's hash). */
  unnamed: boolean;
}

const text = (value: z.infer<typeof primitive> | undefined) =>
  value === null || value === undefined ? '' : String(value);

const ID = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * The inquiry in a webhook's JSON body, or a sentence saying why there is none. `raw` is the body
 * as sent: when nothing names the submission, its hash does (a retry sends the same bytes).
 */
export function readWebhookBody(
  json: unknown,
  raw: Buffer,
  colorProperty: string,
): WebhookInquiry | { problem: string } {
  if (Array.isArray(json) || typeof json !== 'object' || json === null)
    return {
      problem:
        "The body must be one JSON object: a workflow's contact object or its properties (HubSpot's CRM event subscriptions are not read here)",
    };
  let values: HubSpotValue[];
  let conversionId: string | undefined;
  let formId: string | undefined;
  let pageUrl: string | undefined;
  let shape: WebhookInquiry['shape'];
  const contact = contactObjectSchema.safeParse(json);
  if ('properties' in json) {
    if (!contact.success)
      return { problem: 'properties: must map each property name to its value (or { value })' };
    shape = 'contact-object';
    values = Object.entries(contact.data.properties).map(([name, v]) => ({
      name,
      value: text(typeof v === 'object' && v !== null ? v.value : v),
    }));
    const newest = [...(contact.data['form-submissions'] ?? [])].sort(
      (a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0),
    )[0];
    conversionId = newest?.['conversion-id'];
    formId = newest?.['form-id'];
    pageUrl = newest?.['page-url'];
  } else {
    const flat = flatSchema.safeParse(json);
    if (!flat.success)
      return {
        problem:
          'Each property of a flat body must be a string, a number, true, false or null (or send the contact object)',
      };
    shape = 'flat';
    values = Object.entries(flat.data).map(([name, v]) => ({ name, value: text(v) }));
    const named = (names: string[]) =>
      values.find((v) => names.includes(v.name.toLowerCase()) && v.value !== '')?.value;
    conversionId = named(['conversionid', 'conversion_id']);
    formId = named(['formid', 'form_id']);
    pageUrl = named(['pageurl', 'page_url']);
  }
  const answersOnly = values.filter(({ name }) => isAnswer(name));
  const inquiry = mapValues(answersOnly, colorProperty);
  if (!inquiry.email && !inquiry.firstName && !inquiry.lastName && !inquiry.phone)
    return {
      problem: 'The body holds no contact details: none of firstname, lastname, email or phone',
    };
  const named = conversionId !== undefined && ID.test(conversionId);
  const deliveryId = named
    ? `hubspot:${conversionId}`
    : `hubspot:body:${createHash('sha256').update(raw).digest('hex')}`;
  const form = formId && ID.test(formId) ? formOf(formId.toLowerCase(), pageUrl) : undefined;
  return { deliveryId, inquiry, shape, unnamed: !named, ...(form ? { form } : {}) };
}
