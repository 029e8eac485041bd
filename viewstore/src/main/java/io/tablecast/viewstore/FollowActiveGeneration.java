package io.tablecast.viewstore;

import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.viewstore.adapter.out.tables.AzureFailures;
import io.tablecast.viewstore.adapter.out.tables.GenerationStorage;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs something for the active generation and moves it to the next one when {@code ViewCatalog}
 * flips (SPEC §6): after a rebuild, the live projector and workers continue on the new
 * generation without a restart. A failed catalog read keeps the current generation and is logged.
 */
public final class FollowActiveGeneration<T extends AutoCloseable> implements AutoCloseable {

  static final Duration EVERY = Duration.ofSeconds(2);
  private static final Logger log = LoggerFactory.getLogger(FollowActiveGeneration.class);

  private final ViewCatalog catalog;
  private final Namespace namespace;
  private final GenerationStorage storage;
  private final Function<Generation, T> start;
  private final ScheduledExecutorService checker;
  private volatile Generation generation;
  private volatile T current;

  public FollowActiveGeneration(ViewCatalog catalog, Namespace namespace, GenerationStorage storage, Generation active, Function<Generation, T> start) {
    this.catalog = catalog;
    this.namespace = namespace;
    this.storage = storage;
    this.start = start;
    this.generation = active;
    this.current = start.apply(active);
    this.checker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("follow-active-generation"));
    checker.scheduleWithFixedDelay(this::check, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  public T current() {
    return current;
  }

  public Generation generation() {
    return generation;
  }

  private void check() {
    try {
      int active = catalog.read().activeGeneration();
      if (active == generation.number()) {
        return;
      }
      Generation next = new Generation(namespace, active);
      log.info("View catalog flipped: generation {} -> {}; moving over", generation.number(), active);
      storage.create(next);
      closeQuietly(current);
      generation = next;
      current = start.apply(next);
    } catch (RuntimeException e) {
      if (AzureFailures.INSTANCE.isTransient(e)) {
        log.debug("Could not read the view catalog ({}); staying on generation {}", AzureFailures.INSTANCE.describe(e), generation.number());
      } else {
        log.warn("Could not follow the view catalog; staying on generation {}", generation.number(), e);
      }
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      log.warn("Could not close the previous generation's pipeline cleanly", e);
    }
  }

  @Override
  public void close() {
    checker.shutdownNow();
    try {
      checker.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeQuietly(current);
  }
}
