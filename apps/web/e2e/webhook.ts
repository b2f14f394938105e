import { createHmac } from 'node:crypto';
import {
  API_ROUTES,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@cedar/api-contract';
import type { APIResponse, Page } from '@playwright/test';

/** The e2e server's own webhook secret (a loopback start without one uses the development secret). */
const DEV_WEBHOOK_SECRET = 'dev-webhook-secret';

/**
 * A family's form as the site's own webhook receives it: the delivery id, the timestamp and the
 * body signed together (`<id>.<timestamp>.<body>`, docs/operations.md).
 */
export async function deliverInquiry(
  page: Page,
  deliveryId: string,
  inquiry: Record<string, string>,
): Promise<APIResponse> {
  const body = JSON.stringify(inquiry);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const id = `${deliveryId}-${timestamp}`;
  return page.request.post(API_ROUTES.inquiryWebhook.path, {
    data: body,
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
      [WEBHOOK_DELIVERY_HEADER]: id,
      [WEBHOOK_SIGNATURE_HEADER]: createHmac('sha256', DEV_WEBHOOK_SECRET)
        .update(`${id}.${timestamp}.${body}`)
        .digest('hex'),
    },
  });
}
