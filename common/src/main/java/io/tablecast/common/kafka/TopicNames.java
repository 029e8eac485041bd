package io.tablecast.common.kafka;

import io.tablecast.common.config.Namespace;
import java.util.ArrayList;
import java.util.List;

/**
 * The topic names of SPEC §1, within a {@link Namespace}.
 *
 * @param commands commands from the HTTP service to the command processor
 * @param commandResults rejections and no-op outcomes, read back by the HTTP service
 * @param eventTopics the events of the planned view set's aggregates, each keyed by its aggregate's id (HR's two, SPEC §1)
 * @param projectorDlq events the projector could not decode or apply
 */
public record TopicNames(Namespace namespace, String commands, String commandResults, List<String> eventTopics, String projectorDlq) {

  public TopicNames {
    eventTopics = List.copyOf(eventTopics);
  }

  /** @param eventTopics the names of the event topics without the namespace */
  public static TopicNames of(Namespace namespace, List<String> eventTopics) {
    return new TopicNames(
        namespace,
        commands(namespace),
        namespace.topic("tablecast.command-results"),
        eventTopics.stream().map(namespace::topic).toList(),
        projectorDlq(namespace));
  }

  /** The commands topic of {@code namespace}. */
  public static String commands(Namespace namespace) {
    return namespace.topic("tablecast.commands");
  }

  /** The dead-letter topic of {@code namespace}, which every view set's projector parks records on. */
  public static String projectorDlq(Namespace namespace) {
    return namespace.topic("tablecast.projector-dlq");
  }

  /**
   * One of the event topics, by its name without the namespace.
   *
   * @throws IllegalArgumentException for a name that is none of them
   */
  public String eventTopic(String name) {
    String topic = namespace.topic(name);
    if (!eventTopics.contains(topic)) {
      throw new IllegalArgumentException("No event topic '" + name + "'; there are "
          + eventTopics.stream().map(this::withoutNamespace).toList() + ".");
    }
    return topic;
  }

  private String withoutNamespace(String topic) {
    return namespace.prefix().isEmpty() ? topic : topic.substring(namespace.prefix().length() + 1);
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
