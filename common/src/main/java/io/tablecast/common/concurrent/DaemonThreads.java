package io.tablecast.common.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}, …: the background threads of the
 * services (I/O pools, refreshers, followers), which must never keep a stopping JVM alive and
 * should be recognisable in a thread dump.
 */
public final class DaemonThreads {

  private DaemonThreads() {}

  public static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
