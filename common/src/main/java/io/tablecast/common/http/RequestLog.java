package io.tablecast.common.http;

import io.javalin.http.Context;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request log of a service: one line per request, on the logger {@value #LOGGER} at INFO, with
 * who asked, what, and how it ended: the service, the method, the route (the path as the service
 * declares it, {@code /things/{id}}, or the path as sent when no route matched), the
 * status, the time spent, and the caller's subject ({@code -} when no token was accepted: an open
 * path, authentication off, or a request refused before its token was verified). Never a header,
 * a token, a query string or a body. Operators send the logger elsewhere, or turn it off, in their
 * logging configuration ({@code TABLECAST_REQUEST_LOG=OFF} with the services' own).
 */
final class RequestLog {

  static final String LOGGER = "io.tablecast.requests";
  private static final Logger log = LoggerFactory.getLogger(LOGGER);

  private RequestLog() {}

  static void record(String service, Context ctx, float millis) {
    if (log.isInfoEnabled()) {
      log.info("{} {} {} {} {} ms caller={}", service, ctx.method(), route(ctx), ctx.statusCode(),
          String.format(Locale.ROOT, "%.1f", millis), Caller.attached(ctx).map(Caller::subject).orElse("-"));
    }
  }

  /** The route that answered; the path as sent when none did (no route matched, or a guard refused the request ahead of it). */
  private static String route(Context ctx) {
    try {
      String declared = ctx.endpointHandlerPath();
      return declared == null || declared.isEmpty() || declared.equals("*") ? ctx.path() : declared;
    } catch (IllegalStateException e) {
      return ctx.path();
    }
  }
}
