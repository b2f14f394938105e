import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The address as logged: the path alone, `?…` standing for a query string. Query strings carry
 * what the owner searched the inbox for (names, e-mail addresses, phone numbers of customers),
 * which do not belong in a log kept for months. A family page's token is left out the same way.
 */
const loggedUrl = (url: string) => {
  const question = url.indexOf('?');
  const path = question === -1 ? url : `${url.slice(0, question)}?…`;
  // A family page's token opens it (issue 40): the log keeps what was asked, never the key.
  return path.replace(/^\/family\/[^/?]*/, '/family/…');
};

/**
 * Fastify's request lines, made plain: instead of its two lines per request (the request when it
 * arrives, the answer when it is sent, each a nested object), one line at `info` when the answer
 * has gone out, with method, address, status and time taken. At `debug` each request also gets a
 * line when it arrives, so one still running shows. Both carry the request id (`reqId`), as does
 * every other line logged while the request runs.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    const url = loggedUrl(request.url);
    request.log.debug({ method: request.method, url }, `${request.method} ${url} arrived`);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const url = loggedUrl(request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const fields = { method: request.method, url, statusCode: reply.statusCode, responseTime: ms };
    const line = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    // An error here is one that struck after the answer had started (a broken stream).
    if (error) reply.log.error({ ...fields, err: error }, `${line}, cut short`);
    else reply.log.info(fields, line);
  }
}
