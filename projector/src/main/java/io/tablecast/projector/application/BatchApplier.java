package io.tablecast.projector.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a batch with the projector, and isolates what cannot be applied.
 *
 * <p>The whole batch is applied at once. If that fails for a reason that retrying will not cure
 * (a 400 for an entity, a bug in a fold), the events are applied one by one, in order, to find the
 * culprits; every other event still goes through (applying is idempotent, so repeating the ones
 * that went through before the failure changes nothing). A culprit is dead-lettered or pauses its
 * partition, by policy. A transient failure (the storage service unreachable, throttling) is
 * rethrown: the caller retries the whole batch later and commits nothing meanwhile.
 */
public final class BatchApplier {

  private static final Logger log = LoggerFactory.getLogger(BatchApplier.class);

  private final Projector projector;
  private final FailurePolicy policy;
  private final FailureClassifier failures;

  public BatchApplier(Projector projector, FailurePolicy policy, FailureClassifier failures) {
    this.projector = projector;
    this.policy = policy;
    this.failures = failures;
  }

  /** An event that could not be applied, and why. */
  public record Unappliable(PolledEvent event, String reason) {}

  /**
   * @param deadLetters events to park (policy {@link FailurePolicy#DEAD_LETTER})
   * @param pausedAt per paused partition, the event it stopped at; later events of that
   *     partition in the batch were not applied
   */
  public record Result(List<Unappliable> deadLetters, Map<PartitionRef, Unappliable> pausedAt) {
    static final Result CLEAN = new Result(List.of(), Map.of());
  }

  /** @throws RuntimeException the transient failure, when the batch should be retried as a whole */
  public Result apply(List<PolledEvent> batch) {
    try {
      projector.project(batch);
      return Result.CLEAN;
    } catch (RuntimeException e) {
      if (failures.isTransient(e)) {
        throw e;
      }
      log.warn("A batch of {} events failed ({}); applying them one by one to isolate the cause", batch.size(), failures.describe(e));
      return isolate(batch);
    }
  }

  private Result isolate(List<PolledEvent> batch) {
    List<Unappliable> deadLetters = new ArrayList<>();
    Map<PartitionRef, Unappliable> pausedAt = new LinkedHashMap<>();
    for (PolledEvent event : batch) {
      PartitionRef partition = new PartitionRef(event.position().topic(), event.position().partition());
      if (pausedAt.containsKey(partition)) {
        continue;
      }
      try {
        projector.project(List.of(event));
      } catch (RuntimeException e) {
        if (failures.isTransient(e)) {
          throw e;
        }
        Unappliable culprit = new Unappliable(event, failures.describe(e));
        log.error("Event {} of {} at {} cannot be applied: {}", event.event().metadata().eventId(),
            event.event().eventType(), event.position(), culprit.reason(), e);
        if (policy == FailurePolicy.PAUSE) {
          pausedAt.put(partition, culprit);
        } else {
          deadLetters.add(culprit);
        }
      }
    }
    return new Result(deadLetters, pausedAt);
  }
}
