package io.tablecast.views.adapter.out.kafka;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.views.application.CommandLog;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the commands recorded as the sum of the commands topic's end offsets: two admin
 * requests, no consumer. Transaction markers count too, so the rate it gives is an upper bound
 * on commands per second, close enough for a chart. Empty, and logged once until Kafka answers
 * again, when Kafka does not answer within {@link #TIMEOUT}.
 */
public final class CommandTopicOffsets implements CommandLog, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CommandTopicOffsets.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final Admin kafka;
  private final String topic;
  private volatile boolean failing;

  public CommandTopicOffsets(KafkaSettings kafka, String topic) {
    this.kafka = Admin.create(kafka.client(Map.of(
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis(),
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis())));
    this.topic = topic;
  }

  @Override
  public OptionalLong commandsRecorded() {
    try {
      int partitions = kafka.describeTopics(List.of(topic)).allTopicNames().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
          .get(topic).partitions().size();
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        request.put(new TopicPartition(topic, p), OffsetSpec.latest());
      }
      long recorded = kafka.listOffsets(request).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).values().stream()
          .mapToLong(ListOffsetsResultInfo::offset).sum();
      failing = false;
      return OptionalLong.of(recorded);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return OptionalLong.of(0); // no command yet: the commands service creates it
      }
      return failed(e.getCause().toString());
    } catch (TimeoutException e) {
      return failed("no answer in " + TIMEOUT.toMillis() + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    }
  }

  private OptionalLong failed(String why) {
    if (!failing) {
      failing = true;
      log.warn("Could not count the commands on {} for the status page: {}", topic, why);
    }
    return OptionalLong.empty();
  }

  @Override
  public void close() {
    kafka.close(Duration.ofSeconds(2));
  }
}
