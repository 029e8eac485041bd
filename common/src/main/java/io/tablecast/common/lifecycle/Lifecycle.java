package io.tablecast.common.lifecycle;

import java.util.concurrent.CountDownLatch;

/** How a deployable's {@code main} lives: start, then run until SIGINT/SIGTERM, then close. */
public final class Lifecycle {

  private Lifecycle() {}

  /** Blocks until the JVM is asked to stop, closing {@code service} from the shutdown hook. */
  public static void runUntilStopped(String name, AutoCloseable service) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        service.close();
      } catch (Exception e) {
        org.slf4j.LoggerFactory.getLogger(Lifecycle.class).error("{} did not stop cleanly", name, e);
      } finally {
        stopped.countDown();
      }
    }, name + "-shutdown"));
    stopped.await();
  }
}
