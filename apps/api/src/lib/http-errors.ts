import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An answer to a client's mistake: status, machine-readable code, human message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
};

export const notFound = (request: FastifyRequest) =>
  new HttpError(404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}`);

/**
 * One error handler: a client's mistake gets its 4xx with a JSON reason; anything else is logged
 * and answered 500 without details (no stack, no message from inside the server).
 */
export function errorHandler(
  error: FastifyError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ error: error.code, message: error.message, ...error.extra });
  }
  const fastifyError = error as FastifyError & { validationContext?: string };
  if (fastifyError.code === 'FST_ERR_VALIDATION') {
    // A path parameter that fails its schema names no resource of ours: that is a 404, not a 400.
    if (fastifyError.validationContext === 'params') {
      return reply.code(404).send({ error: 'not_found', message: 'Not found' });
    }
    // Each zod issue as `{ path: 'a.b', message }`; the message lists them the same way.
    const details = hasZodFastifySchemaValidationErrors(error)
      ? error.validation.map((v) => ({
          path: v.instancePath.slice(1).replaceAll('/', '.'),
          message: v.message ?? 'is not valid',
        }))
      : undefined;
    const reasons = details?.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
    const where = fastifyError.validationContext ?? 'request';
    return reply.code(400).send({
      error: 'bad_request',
      message: `Invalid ${where}: ${reasons?.join('; ') ?? error.message}`,
      details,
    });
  }
  if (fastifyError.code === 'FST_ERR_BAD_URL' || fastifyError.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // A path that cannot even be decoded, or is far longer than any of ours, names nothing here.
    return reply.code(404).send({ error: 'not_found', message: 'Not found' });
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply
      .code(status)
      .send({ error: CODES[status] ?? 'bad_request', message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  const code = typeof status === 'number' && status > 500 && status < 600 ? status : 500;
  // The request id finds the logged error (and its stack) that this answer leaves out.
  return reply.code(code).send({
    error: 'internal_error',
    message: 'Something went wrong on our side. Please try again.',
    requestId: request.id,
  });
}

export function useErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}
