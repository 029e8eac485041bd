package io.tablecast.commands.adapter.in.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.tracing.Tracing;

/**
 * A server span around each command request, named by its route ({@code POST /employees}), in
 * the caller's trace when the request carries a {@code traceparent}. The span is current while
 * the handler runs, so the command record it publishes carries it. With tracing off, the handler
 * runs as it is.
 */
final class ServerSpans {

  private final Tracing tracing;

  ServerSpans(Tracing tracing) {
    this.tracing = tracing;
  }

  Handler traced(Handler handler) {
    if (!tracing.on()) {
      return handler;
    }
    return ctx -> {
      String method = ctx.method().name();
      String route = ctx.endpointHandlerPath();
      Span span = tracing.tracer().spanBuilder(method + " " + route)
          .setSpanKind(SpanKind.SERVER)
          .setParent(tracing.telemetry().getPropagators().getTextMapPropagator()
              .extract(io.opentelemetry.context.Context.root(), ctx, RequestHeaders.INSTANCE))
          .setAttribute("http.request.method", method)
          .setAttribute("http.route", route)
          .startSpan();
      int status = 500;
      try (Scope scope = span.makeCurrent()) {
        handler.handle(ctx);
        status = ctx.statusCode();
      } catch (ProblemException e) {
        status = e.type().status();
        throw e;
      } catch (Exception e) {
        span.recordException(e);
        throw e;
      } finally {
        span.setAttribute("http.response.status_code", status);
        if (status >= 500) {
          span.setStatus(StatusCode.ERROR);
        }
        span.end();
      }
    };
  }

  private enum RequestHeaders implements TextMapGetter<Context> {
    INSTANCE;

    @Override
    public Iterable<String> keys(Context ctx) {
      return ctx.headerMap().keySet();
    }

    @Override
    public String get(Context ctx, String key) {
      return ctx == null ? null : ctx.header(key);
    }
  }
}
