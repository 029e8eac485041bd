package io.tablecast.operations;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.ReplayedDeadLetters;
import io.tablecast.common.tables.ReplayedDeadLetters.Place;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projector.DeadLetterReplay;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords.Parked;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The operator's view of the dead-letter topic, {@code tablecast.projector-dlq} (SPEC §4): what
 * the projectors parked and why, and applying it again once the cause is fixed ({@link
 * DeadLetterReplay}), each record once.
 */
public final class DeadLetterQueue {

  private final KafkaSettings kafka;
  private final String topic;
  private final AzureClients azure;
  private final Namespace namespace;
  private final PlannedViewSet<?> planned;
  private final List<ProjectedViewSet<?>> viewSets;

  /**
   * @param planned the planned view set, whose records are those no team's view set parked
   * @param viewSets the teams' view sets this process knows, whose records it can replay beside the planned view set's
   */
  public DeadLetterQueue(KafkaSettings kafka, AzureClients azure, Namespace namespace, PlannedViewSet<?> planned,
      List<ProjectedViewSet<?>> viewSets) {
    this.kafka = kafka;
    this.topic = TopicNames.projectorDlq(namespace);
    this.azure = azure;
    this.namespace = namespace;
    this.planned = planned;
    this.viewSets = List.copyOf(viewSets);
  }

  /** A parked record, and whether it was replayed. */
  public record Entry(Parked parked, boolean replayed) {}

  public String topic() {
    return topic;
  }

  /** Every record on the topic, in its order. */
  public List<Entry> list() {
    Set<Place> replayed = ReplayedDeadLetters.of(azure, namespace).replayed();
    return parked().stream().map(p -> new Entry(p, replayed.contains(p.place()))).toList();
  }

  /**
   * Applies again each record that {@code which} selects, with the events that followed it in its
   * aggregate ({@link DeadLetterReplay}); those replayed before are skipped.
   *
   * @param progress told of each record as it is done
   * @return what became of each record selected
   */
  public List<DeadLetterReplay.Result> replay(Predicate<Parked> which, Consumer<DeadLetterReplay.Result> progress) {
    try (DeadLetterReplay replay = replay()) {
      return replay.replay(parked().stream().filter(which).toList(), progress);
    }
  }

  private List<Parked> parked() {
    return ParkedRecords.read(kafka, topic, planned.views().viewSet().name());
  }

  private DeadLetterReplay replay() {
    return new DeadLetterReplay(kafka, azure, namespace, planned, viewSets, Clock.systemUTC());
  }
}
