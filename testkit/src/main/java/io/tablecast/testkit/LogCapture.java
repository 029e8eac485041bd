package io.tablecast.testkit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * What this JVM logs under a logger name (and the names below it) while a capture is open, for
 * tests of what a service says. Close it to stop capturing.
 */
public final class LogCapture implements AutoCloseable {

  private final Logger logger;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  private LogCapture(String name) {
    this.logger = (Logger) LoggerFactory.getLogger(name);
    appender.start();
    logger.addAppender(appender);
  }

  /** Captures what {@code name} and the loggers below it log from now on. */
  public static LogCapture of(String name) {
    return new LogCapture(name);
  }

  /** The events logged at {@code level} or above, in order. */
  public List<ILoggingEvent> atLeast(Level level) {
    synchronized (appender) { // AppenderBase appends under the appender's lock
      return appender.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(level)).toList();
    }
  }

  /** The messages of the events logged at exactly {@code level}. */
  public List<String> messages(Level level) {
    return atLeast(level).stream().filter(e -> e.getLevel() == level).map(ILoggingEvent::getFormattedMessage).toList();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    appender.stop();
  }
}
