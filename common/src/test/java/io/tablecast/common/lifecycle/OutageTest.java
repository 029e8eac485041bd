package io.tablecast.common.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class OutageTest {

  private final Logger logger = (Logger) LoggerFactory.getLogger(Outage.class);
  private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
  private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-27T10:00:00Z"));
  private final Clock clock = new Clock() {
    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now.get();
    }
  };

  @BeforeEach
  void capture() {
    lines.start();
    logger.addAppender(lines);
  }

  @AfterEach
  void release() {
    logger.detachAppender(lines);
  }

  @Test
  void anOutageIsOneWarningWhenItStartsAndOneLineWhenItEndsWithTheFailuresInBetween() {
    Outage outage = new Outage("Azure Storage", clock);
    outage.answered();
    for (int attempt = 0; attempt < 40; attempt++) {
      outage.failed("ConnectException: Connection refused");
    }
    assertThat(outage.ongoing()).isTrue();
    now.set(now.get().plusSeconds(12));
    outage.answered();
    outage.answered();

    List<ILoggingEvent> logged = lines.list;
    assertThat(logged).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO);
    assertThat(logged.get(0).getFormattedMessage())
        .isEqualTo("Azure Storage does not answer (ConnectException: Connection refused); retrying until it does");
    assertThat(logged.get(1).getFormattedMessage()).isEqualTo("Azure Storage answers again, after 40 failed attempt(s) over 12 s");
    assertThat(logged).allSatisfy(event -> assertThat(event.getThrowableProxy()).isNull());
    assertThat(outage.ongoing()).isFalse();
  }

  @Test
  void aSecondOutageIsReportedAgain() {
    Outage outage = new Outage("Kafka", clock);
    outage.failed("timeout");
    outage.answered();
    outage.failed("timeout");

    assertThat(lines.list).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO, Level.WARN);
  }
}
