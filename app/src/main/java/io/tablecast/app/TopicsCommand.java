package io.tablecast.app;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.ViewSetJars;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.events.EventTopicNames;
import io.tablecast.projection.ViewSetProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;

/**
 * {@code tablecast topics}: prints the {@code kafka-topics.sh} commands that create the topics of
 * {@code TABLECAST_NAMESPACE} as a service would (README, "Kafka topics"), for operators who do not
 * let services create topics: the events of HR and of every view set found, and the dead letters,
 * kept for ever; the commands and their outcomes with the broker's retention.
 */
@Command(
    name = "topics",
    mixinStandardHelpOptions = true,
    description = {
        "Prints the kafka-topics.sh commands that create the Tablecast topics, as the services would create them.",
        "Reads TABLECAST_KAFKA_BOOTSTRAP, TABLECAST_NAMESPACE, TABLECAST_PARTITIONS, TABLECAST_KAFKA_REPLICATION_FACTOR,",
        "TABLECAST_KAFKA_MIN_INSYNC_REPLICAS and TABLECAST_VIEW_SETS_DIR."})
final class TopicsCommand implements Callable<Integer> {

  @Override
  public Integer call() {
    Env env = Env.system();
    try {
      KafkaSettings kafka = KafkaSettings.fromEnv(env);
      Namespace namespace = env.namespace();
      List<String> viewSetTopics = ViewSetProvider.found(ViewSetJars.fromEnv(env).loader()).stream()
          .flatMap(views -> views.topics().stream()).map(namespace::topic).toList();
      lines(kafka, TopicNames.of(namespace, EventTopicNames.ALL), viewSetTopics).forEach(System.out::println);
      return 0;
    } catch (ConfigException e) {
      System.err.println(e.getMessage());
      return 2;
    }
  }

  /** One command per topic: those of {@code names}, then the view sets' events, kept for ever as HR's are. */
  static List<String> lines(KafkaSettings kafka, TopicNames names, List<String> viewSetTopics) {
    List<String> kept = new ArrayList<>(names.kept());
    viewSetTopics.stream().filter(topic -> !kept.contains(topic)).forEach(kept::add);
    List<String> lines = new ArrayList<>();
    lines.add("# The Tablecast topics, as a service creates them when they are missing (README, Kafka topics).");
    lines.add("# Without TABLECAST_KAFKA_REPLICATION_FACTOR, --replication-factor is left to the broker's default.replication.factor.");
    for (String topic : List.of(names.commands(), names.commandResults())) {
      lines.add(create(kafka, topic, Map.of()));
    }
    kept.forEach(topic -> lines.add(create(kafka, topic, TopicProvisioner.KEPT)));
    return lines;
  }

  private static String create(KafkaSettings kafka, String topic, Map<String, String> kept) {
    Map<String, String> configs = TopicProvisioner.configs(kafka.topics(), kept);
    return "kafka-topics.sh --bootstrap-server " + kafka.bootstrapServers() + " --create --if-not-exists --topic " + topic
        + " --partitions " + kafka.partitions()
        + kafka.topics().replicationFactor().map(factor -> " --replication-factor " + factor).orElse("")
        + configs.entrySet().stream().map(config -> " --config " + config.getKey() + "=" + config.getValue()).collect(Collectors.joining());
  }
}
