package io.tablecast.projector.application;

import io.tablecast.viewstore.application.FailureClassifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies batches with the projector, and isolates what cannot be applied.
 *
 * <p>Batches are applied whole, several at a time ({@link #submit}). If one fails for a reason
 * that retrying will not cure (a 400 for an entity, a bug in a fold), its events are applied one
 * by one, in order, to find the culprits ({@link #isolate}); every other event still goes through
 * (applying is idempotent, so repeating the ones that went through before the failure changes
 * nothing). A culprit is dead-lettered or pauses its partition, by policy. A transient failure
 * (the storage service unreachable, throttling) is rethrown: the caller retries the batch later
 * and marks nothing applied meanwhile.
 */
public final class BatchApplier<E> {

  private static final Logger log = LoggerFactory.getLogger(BatchApplier.class);

  private final Projector<E> projector;
  private final FailurePolicy policy;
  private final FailureClassifier failures;

  public BatchApplier(Projector<E> projector, FailurePolicy policy, FailureClassifier failures) {
    this.projector = projector;
    this.policy = policy;
    this.failures = failures;
  }

  /** An event that could not be applied, and why. */
  public record Unappliable<E>(PolledEvent<E> event, String reason) {}

  /**
   * @param deadLetters events to park (policy {@link FailurePolicy#DEAD_LETTER})
   * @param pausedAt per paused partition, the event it stopped at; later events of that
   *     partition in the batch were not applied
   */
  public record Result<E>(List<Unappliable<E>> deadLetters, Map<PartitionRef, Unappliable<E>> pausedAt) {
    static <E> Result<E> clean() {
      return new Result<>(List.of(), Map.of());
    }
  }

  /** Starts applying a batch behind those submitted before it; see {@link Projector#project(List, CompletionStage)}. */
  public CompletableFuture<Void> submit(List<PolledEvent<E>> batch, CompletionStage<?> markedInFlight) {
    return projector.project(batch, markedInFlight);
  }

  /** After a failure, once every submitted batch has settled: batches can be submitted again. */
  public void reset() {
    projector.reset();
  }

  /**
   * Applies one batch and waits for it.
   *
   * @throws RuntimeException the transient failure, when the batch should be retried as a whole
   */
  public Result<E> apply(List<PolledEvent<E>> batch) {
    try {
      join(projector.project(batch));
      return Result.clean();
    } catch (RuntimeException e) {
      projector.reset();
      if (failures.isTransient(e)) {
        throw e;
      }
      return isolate(batch, e);
    }
  }

  /**
   * Applies a batch's events one by one, after it failed for a reason retrying will not cure and
   * after {@link #reset}, and says which cannot be applied.
   *
   * @throws RuntimeException a transient failure
   */
  public Result<E> isolate(List<PolledEvent<E>> batch, RuntimeException failure) {
    log.warn("A batch of {} events failed ({}); applying them one by one to isolate the cause", batch.size(), failures.describe(failure));
    List<Unappliable<E>> deadLetters = new ArrayList<>();
    Map<PartitionRef, Unappliable<E>> pausedAt = new LinkedHashMap<>();
    for (PolledEvent<E> event : batch) {
      PartitionRef partition = new PartitionRef(event.position().topic(), event.position().partition());
      if (pausedAt.containsKey(partition)) {
        continue;
      }
      try {
        join(projector.project(List.of(event)));
      } catch (RuntimeException e) {
        projector.reset();
        if (failures.isTransient(e)) {
          throw e;
        }
        Unappliable<E> culprit = new Unappliable<>(event, failures.describe(e));
        log.error("The {} at {} cannot be applied: {}", event.event().getClass().getSimpleName(), event.position(), culprit.reason(), e);
        if (policy == FailurePolicy.PAUSE) {
          pausedAt.put(partition, culprit);
        } else {
          deadLetters.add(culprit);
        }
      }
    }
    return new Result<>(deadLetters, pausedAt);
  }

  /** The failure of a batch's future as it was thrown, not wrapped. */
  public static RuntimeException cause(Throwable failure) {
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    if (cause instanceof Error error) {
      throw error;
    }
    return cause instanceof RuntimeException e ? e : new IllegalStateException(cause);
  }

  private static void join(CompletableFuture<Void> applied) {
    try {
      applied.join();
    } catch (CompletionException e) {
      throw cause(e);
    }
  }
}
