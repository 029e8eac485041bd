package io.tablecast.projector.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.projector.testdata.InMemoryViews;
import io.tablecast.testkit.HrHistory;
import io.tablecast.viewstore.application.FailureClassifier;
import io.tablecast.viewstore.domain.SourcePosition;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Exactly-once effect of the whole projection: random histories, applied in random batches with
 * arbitrary redelivered prefixes (as after crashes and rebalances), give the same views as one
 * clean pass: departments, employees, email copies, locators and log tails.
 */
class RedeliveryPropertiesTest {

  private static final FailureClassifier NEVER_FAILS = new FailureClassifier() {
    @Override
    public boolean isTransient(Throwable failure) {
      return false;
    }

    @Override
    public String describe(Throwable failure) {
      return String.valueOf(failure);
    }
  };

  @Property(tries = 60)
  void redeliveredPrefixesChangeNoView(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 60) int batchSize,
      @ForAll @Size(max = 6) List<@IntRange(min = 0, max = 400) Integer> crashes) {
    List<DomainEvent> history = HrHistory.generate(seed, 3, 400, HrHistory.Mix.TYPICAL);

    try (InMemoryViews clean = new InMemoryViews(); InMemoryViews redelivered = new InMemoryViews()) {
      BatchApplier<DomainEvent> once = new BatchApplier<>(clean.projector(), FailurePolicy.DEAD_LETTER, NEVER_FAILS);
      once.apply(polled(history, 0, history.size(), false));

      BatchApplier<DomainEvent> again = new BatchApplier<>(redelivered.projector(), FailurePolicy.DEAD_LETTER, NEVER_FAILS);
      int committed = 0;
      List<Integer> crashPoints = new ArrayList<>(crashes);
      for (int from = 0; from < history.size(); from += batchSize) {
        int to = Math.min(history.size(), from + batchSize);
        again.apply(polled(history, from, to, false));
        if (!crashPoints.isEmpty() && crashPoints.get(0) < to) {
          // Crashed before committing: everything since the last commit comes again.
          crashPoints.remove(0);
          again.apply(polled(history, committed, to, true));
        }
        committed = to;
      }

      assertThat(redelivered.employees).isEqualTo(clean.employees);
      assertThat(redelivered.locators).isEqualTo(clean.locators);
      assertThat(redelivered.activity).isEqualTo(clean.activity);
    }
  }

  private static List<PolledEvent<DomainEvent>> polled(List<DomainEvent> events, int from, int to, boolean uncertain) {
    List<PolledEvent<DomainEvent>> batch = new ArrayList<>();
    for (int i = from; i < to; i++) {
      batch.add(new PolledEvent<>(events.get(i), new SourcePosition("events", 0, i), uncertain));
    }
    return batch;
  }
}
