package io.tablecast.common.lifecycle;

import io.tablecast.common.config.ConfigException;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How a deployable's {@code main} lives: start, then run until SIGINT/SIGTERM, then close. */
public final class Lifecycle {

  /** A deployable that cannot start, as the README's exit codes say. */
  static final int CANNOT_START = 1;
  private static final Logger log = LoggerFactory.getLogger(Lifecycle.class);

  private Lifecycle() {}

  /**
   * The deployable's configuration, read by {@code read}, or its start with a configuration read
   * before: a configuration it cannot use (a {@link ConfigException}, such as credentials Kafka
   * refuses) ends the process at once with exit code 1 and one ERROR line that names what to set,
   * not a stack trace.
   */
  public static <C> C configured(String name, Supplier<C> read) {
    try {
      return read.get();
    } catch (ConfigException e) {
      log.error("The {} cannot start: {}", name, e.getMessage());
      System.exit(CANNOT_START);
      throw e; // not reached
    }
  }

  /** Blocks until the JVM is asked to stop, closing {@code service} from the shutdown hook. */
  public static void runUntilStopped(String name, AutoCloseable service) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        service.close();
      } catch (Exception e) {
        log.error("{} did not stop cleanly", name, e);
      } finally {
        stopped.countDown();
      }
    }, name + "-shutdown"));
    stopped.await();
  }
}
