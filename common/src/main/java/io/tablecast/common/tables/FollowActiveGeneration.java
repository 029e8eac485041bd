package io.tablecast.common.tables;

import io.tablecast.common.concurrent.DaemonThreads;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs something for the generation that {@code ViewCatalog} names as active, and moves it to the
 * next one when a rebuild flips the catalog (SPEC §6), without a restart: the live projector and
 * workers continue writing there, and the views service reads there. A failed read keeps the
 * current generation and is logged.
 *
 * <p>The catalog is read every {@link #EVERY} while a flip is expected: a rebuild is pending, or the
 * catalog has flipped and the move waits for its {@link MoveWhen}. Otherwise, every {@link
 * #IDLE_EVERY}: a flip then comes from a rebuild that started since (it is noticed within {@link
 * #EVERY} of the flip once its pending generation has been seen) or from a hand edit of the
 * catalog. Either way a flip is noticed within {@link #IDLE_EVERY} of it, inside the 10 s in which
 * SPEC §6 has the views follow; an idle follower reads the catalog 12 times a minute instead of 30.
 *
 * @param <T> what runs for one generation; closed when the follower moves on or closes
 */
public final class FollowActiveGeneration<T extends AutoCloseable> implements AutoCloseable {

  public static final Duration EVERY = Duration.ofSeconds(2);
  public static final Duration IDLE_EVERY = Duration.ofSeconds(5);
  private static final Logger log = LoggerFactory.getLogger(FollowActiveGeneration.class);

  /** Whether to move from one generation to the next now; asked on every read until it says yes. */
  @FunctionalInterface
  public interface MoveWhen {
    MoveWhen AT_ONCE = (from, to) -> true;

    boolean ready(Generation from, Generation to);
  }

  private final ViewCatalog catalog;
  private final Function<Generation, T> start;
  private final MoveWhen moveWhen;
  private final String name;
  private final ScheduledExecutorService checker;
  private volatile CatalogState state;
  private volatile Generation generation;
  private volatile T current;

  /**
   * Reads the catalog and starts {@code start} on its active generation.
   *
   * @param name what follows, for the logs and the thread ("projector", "views")
   */
  public FollowActiveGeneration(ViewCatalog catalog, String name, Function<Generation, T> start, MoveWhen moveWhen) {
    this.catalog = catalog;
    this.name = name;
    this.start = start;
    this.moveWhen = moveWhen;
    this.state = catalog.read();
    this.generation = catalog.generation(state.activeGeneration());
    this.current = start.apply(generation);
    this.checker = DaemonThreads.scheduler(name + "-follows-view-catalog");
    scheduleNext();
  }

  public T current() {
    return current;
  }

  public Generation generation() {
    return generation;
  }

  /** The catalog as last read: the active generation and a rebuild's pending one. */
  public CatalogState state() {
    return state;
  }

  private void checkAndScheduleNext() {
    try {
      check();
    } finally {
      scheduleNext();
    }
  }

  /** The next read: soon while a flip is expected, after {@link #IDLE_EVERY} otherwise. */
  private void scheduleNext() {
    boolean expectingFlip = state.pendingGeneration().isPresent() || state.activeGeneration() != generation.number();
    try {
      checker.schedule(this::checkAndScheduleNext, (expectingFlip ? EVERY : IDLE_EVERY).toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // closed meanwhile
    }
  }

  private void check() {
    try {
      state = catalog.read();
      Generation next = catalog.generation(state.activeGeneration());
      if (next.number() == generation.number() || !moveWhen.ready(generation, next)) {
        return;
      }
      log.info("View catalog flipped: {} moves from generation {} to {}", name, generation.number(), next.number());
      closeQuietly(current);
      generation = next;
      current = start.apply(next);
    } catch (RuntimeException e) {
      if (StorageErrors.unavailable(e)) {
        log.debug("Could not read the view catalog ({}); {} stays on generation {}", e.toString(), name, generation.number());
      } else {
        log.warn("Could not follow the view catalog; {} stays on generation {}", name, generation.number(), e);
      }
    }
  }

  private void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      log.warn("Could not close {}'s work on the previous generation cleanly", name, e);
    }
  }

  @Override
  public void close() {
    DaemonThreads.stopGently(checker, Duration.ofSeconds(30));
    closeQuietly(current);
  }
}
