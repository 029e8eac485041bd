package io.tablecast.projection;

import java.util.List;
import java.util.Objects;

/** A step asked to run for one item, as a projection returns it from {@link Projection#work}. */
public record Work(WorkStep<?> step, String item) {

  public Work {
    Objects.requireNonNull(step, "'step' cannot be null.");
    Objects.requireNonNull(item, "'item' cannot be null.");
  }

  /**
   * The step's turn for this item, which the engine and {@link InMemoryViews} run as any other.
   *
   * @throws RuntimeException if the step cannot decode the item
   */
  public Turn<?> turn() {
    return step.turn(List.of(item));
  }
}
