package io.tablecast.common.kafka;

import io.tablecast.common.config.Namespace;
import io.tablecast.events.EventTopicNames;
import java.util.ArrayList;
import java.util.List;

/**
 * The topic names of SPEC §1, within a {@link Namespace}.
 *
 * @param commands commands from the HTTP service to the command processor
 * @param commandResults rejections and no-op outcomes, read back by the HTTP service
 * @param eventTopics the Avro events of the aggregates, each keyed by its aggregate's id ({@link EventTopicNames})
 * @param projectorDlq events the projector could not decode or apply
 */
public record TopicNames(Namespace namespace, String commands, String commandResults, List<String> eventTopics, String projectorDlq) {

  public TopicNames {
    eventTopics = List.copyOf(eventTopics);
  }

  public static TopicNames of(Namespace namespace) {
    return new TopicNames(
        namespace,
        namespace.topic("tablecast.commands"),
        namespace.topic("tablecast.command-results"),
        EventTopicNames.ALL.stream().map(namespace::topic).toList(),
        namespace.topic("tablecast.projector-dlq"));
  }

  /**
   * One of the event topics, by its name without the namespace.
   *
   * @throws IllegalArgumentException for a name that is none of them
   */
  public String eventTopic(String name) {
    String topic = namespace.topic(name);
    if (!eventTopics.contains(topic)) {
      throw new IllegalArgumentException("No event topic '" + name + "'; there are " + EventTopicNames.ALL + ".");
    }
    return topic;
  }

  /** The topics whose records are kept for ever: the events and the dead letters. */
  public List<String> kept() {
    List<String> kept = new ArrayList<>(eventTopics);
    kept.add(projectorDlq);
    return List.copyOf(kept);
  }

  public List<String> all() {
    List<String> all = new ArrayList<>(List.of(commands, commandResults));
    all.addAll(eventTopics);
    all.add(projectorDlq);
    return List.copyOf(all);
  }
}
