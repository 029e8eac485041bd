package io.tablecast.projector;

import java.util.Objects;
import java.util.Optional;

/**
 * What the projector does at start about a previous run that stopped without cleaning up (a
 * crash, {@code kill -9}, a power cut), when whoever starts it knows of one: dev mode does, from
 * its lock file.
 *
 * <p>A storage service that loses its last writes in such a stop (Azurite keeps its tables and
 * its queues in memory and saves each to disk every few seconds, independently) may have lost
 * queued work items, or a worker's writes whose message was already deleted. The projector then
 * queues again the work its view set finds unfinished in its tables ({@link
 * io.tablecast.projection.UnfinishedWork}, docs/work-items.md, "After a crash").
 *
 * @param requeuePendingWork whether to re-queue the pending work once, at start
 * @param deadWorkerInstance the {@link WorkerSettings#instance()} of the workers of the crashed
 *     run: no process of it is alive, so its leases are void at once instead of when they expire
 */
public record Recovery(boolean requeuePendingWork, Optional<String> deadWorkerInstance) {

  /** A clean start: nothing to recover. */
  public static final Recovery NONE = new Recovery(false, Optional.empty());

  public Recovery {
    Objects.requireNonNull(deadWorkerInstance, "'deadWorkerInstance' cannot be null.");
  }

  /** After a crash of a run whose queue workers ran as {@code workerInstance}. */
  public static Recovery afterCrashOf(String workerInstance) {
    return new Recovery(true, Optional.of(workerInstance));
  }
}
