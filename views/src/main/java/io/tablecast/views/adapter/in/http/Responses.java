package io.tablecast.views.adapter.in.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tablecast.views.domain.Page;
import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.PipelineStatus.QueueDepth;
import io.tablecast.views.domain.PipelineStatus.ViewSetStatus;
import io.tablecast.views.domain.PartitionState;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/** The JSON bodies of the views API (SPEC §9), camelCase, ids canonical. */
final class Responses {

  private Responses() {}

  /** {@code {items, continuation}}: the continuation sealed for the listing, or null on the last page. */
  record ListBody<T>(List<T> items, String continuation) {}

  static <T> ListBody<T> list(Page<T> page, String scope, QueryParams params) {
    return new ListBody<>(page.items(), page.next().map(cursor -> params.seal(scope, cursor)).orElse(null));
  }

  /** {@code /status} (SPEC §9). */
  record Status(Generations generation, Projector projector, List<Queue> queues, Long dlqCount, List<ViewSetEntry> viewSets) {

    record Generations(int active, Integer pending) {}

    record Projector(boolean stalled, List<Partition> partitions) {}

    /**
     * SPEC §9's fields, then the partition's state ({@code running}, {@code behind}, {@code paused}
     * or {@code stalled}), its records applied per second over the last minute and, when it is
     * behind, the seconds until it should be caught up at that rate (each absent when not known).
     */
    record Partition(String topic, int partition, long lag, Instant lastProgressAt, String state,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double ratePerSecond, @JsonInclude(JsonInclude.Include.NON_NULL) Long etaSeconds) {

      static Partition of(PartitionState p) {
        return new Partition(p.topic(), p.partition(), p.lag(), p.lastProgressAt(), p.condition().name().toLowerCase(Locale.ROOT),
            p.rate().isPresent() ? Math.round(p.rate().getAsDouble() * 10) / 10.0 : null,
            p.etaSeconds().isPresent() ? p.etaSeconds().getAsLong() : null);
      }
    }

    record Queue(String name, long depth, long poisonDepth) {
      static List<Queue> all(List<QueueDepth> queues) {
        return queues.stream().map(q -> new Queue(q.name(), q.depth(), q.poisonDepth())).toList();
      }
    }

    /** Another view set: its generations, its projector's partitions and its step queues, as above. */
    record ViewSetEntry(String name, Generations generation, Projector projector, List<Queue> queues) {
      static ViewSetEntry of(ViewSetStatus v) {
        return new ViewSetEntry(v.name(), new Generations(v.activeGeneration(),
            v.pendingGeneration().isPresent() ? v.pendingGeneration().getAsInt() : null),
            new Projector(v.stalled(), v.partitions().stream().map(Partition::of).toList()), Queue.all(v.queues()));
      }
    }

    static Status of(PipelineStatus s) {
      return new Status(
          new Generations(s.activeGeneration(), s.pendingGeneration().isPresent() ? s.pendingGeneration().getAsInt() : null),
          new Projector(s.stalled(), s.partitionStates().stream().map(Partition::of).toList()),
          Queue.all(s.queues()),
          s.deadLetters().orElse(null),
          s.viewSets().stream().map(ViewSetEntry::of).toList());
    }
  }
}
