package io.tablecast.embedded;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** JVM shutdown hooks of the things that stop either when closed or when the JVM is asked to stop. */
public final class ShutdownHooks {

  private static final Logger log = LoggerFactory.getLogger(ShutdownHooks.class);

  private ShutdownHooks() {}

  /**
   * Removes {@code hook} after an explicit close; nothing to do if the JVM is already shutting
   * down (the close was called from a hook), when the hook stays registered and runs idempotently.
   */
  public static void removeAfterClose(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      log.debug("JVM shutting down; hook {} stays registered", hook.getName());
    }
  }
}
