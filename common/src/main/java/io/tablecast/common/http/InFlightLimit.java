package io.tablecast.common.http;

import io.javalin.http.Context;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * At most so many requests handled at once by one service; one more is refused at once with 429
 * and {@code Retry-After}.
 *
 * <p>Why: a command request holds a server thread while it waits, up to the command timeout, for
 * the processor's decision. Without a bound a burst waits in Jetty's unbounded job queue, every
 * waiting request holding a connection and memory, until they all time out together. Refused at
 * once, a client learns to back off while the instance still answers those it took on within
 * their time. The operational endpoints are not counted: a full instance still reports its health.
 *
 * <p>A permit is taken in a before-handler and given back in an after-handler, which Javalin runs
 * whatever the endpoint did; a request attribute marks the requests that hold one.
 */
final class InFlightLimit {

  static final Duration RETRY_AFTER = Duration.ofSeconds(1);
  private static final String HOLDS_PERMIT = "tablecast.inFlightPermit";

  private final int max;
  private final Semaphore permits;
  private final Counter refused;

  InFlightLimit(int max, MeterRegistry metrics) {
    this.max = max;
    this.permits = new Semaphore(max);
    this.refused = Counter.builder("tablecast.http.refused")
        .tag("reason", ProblemType.TOO_MANY_REQUESTS.slug())
        .description("Requests refused because the service was handling its limit at once")
        .register(metrics);
    Gauge.builder("tablecast.http.in.flight", permits, p -> max - p.availablePermits())
        .description("Requests being handled, operational endpoints not counted")
        .register(metrics);
  }

  /** Takes a permit for {@code ctx}, or refuses it with 429. */
  void enter(Context ctx) {
    if (HttpService.OPERATIONAL_PATHS.contains(ctx.path())) {
      return;
    }
    if (!permits.tryAcquire()) {
      refused.increment();
      throw new ProblemException(
          ProblemType.TOO_MANY_REQUESTS,
          "This instance is handling its limit of " + max + " requests at once; try again shortly.",
          List.of(),
          Optional.of(RETRY_AFTER));
    }
    ctx.attribute(HOLDS_PERMIT, Boolean.TRUE);
  }

  /** Gives back the permit of {@code ctx}, if it holds one. */
  void leave(Context ctx) {
    if (ctx.attribute(HOLDS_PERMIT) != null) {
      ctx.req().removeAttribute(HOLDS_PERMIT);
      permits.release();
    }
  }
}
