package io.tablecast.common.lifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a service logs a dependency that stops answering: one WARN when it becomes unreachable,
 * one INFO when it answers again with the number of failed attempts in between, and nothing for
 * each retry in between. One instance per dependency and service, shared by every part of the
 * service that reaches it, so that an outage reads as one pair of lines however many threads
 * retry. Thread-safe.
 */
public final class Outage {

  private static final Logger log = LoggerFactory.getLogger(Outage.class);

  private final String dependency;
  private final Clock clock;
  private final AtomicLong failures = new AtomicLong();
  private volatile Instant since = Instant.EPOCH;

  /** @param dependency what is unreachable, as a reader of the log knows it ("Azure Storage") */
  public Outage(String dependency) {
    this(dependency, Clock.systemUTC());
  }

  Outage(String dependency, Clock clock) {
    this.dependency = dependency;
    this.clock = clock;
  }

  /**
   * An attempt failed in a way that retrying may cure; {@code reason} is one line. Logged only if
   * it is the first since the dependency last answered.
   */
  public void failed(String reason) {
    if (failures.getAndIncrement() == 0) {
      since = clock.instant();
      log.warn("{} does not answer ({}); retrying until it does", dependency, reason);
    }
  }

  /** An attempt succeeded: ends the outage, if there is one. */
  public void answered() {
    if (failures.get() == 0) {
      return;
    }
    long failed = failures.getAndSet(0);
    if (failed > 0) {
      log.info("{} answers again, after {} failed attempt(s) over {} s", dependency, failed,
          Duration.between(since, clock.instant()).toSeconds());
    }
  }

  /** Whether the last attempt failed. */
  public boolean ongoing() {
    return failures.get() > 0;
  }
}
