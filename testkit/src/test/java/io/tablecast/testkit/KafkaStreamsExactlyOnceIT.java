package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(TablecastRuntimeExtension.class)
class KafkaStreamsExactlyOnceIT {

  @TempDir java.nio.file.Path stateDir;

  @Test
  void anExactlyOnceV2StreamsAppProcessesRecords(EmbeddedRuntime runtime, Namespace ns)
      throws Exception {
    String input = ns.topic("words");
    String output = ns.topic("shouted");
    KafkaTestClients.createTopic(runtime.bootstrapServers(), input, 3);
    KafkaTestClients.createTopic(runtime.bootstrapServers(), output, 3);

    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(input, Consumed.with(Serdes.String(), Serdes.String()))
        .mapValues(value -> value.toUpperCase(java.util.Locale.ROOT))
        .to(output, Produced.with(Serdes.String(), Serdes.String()));
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, ns.group("shouter"));
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, runtime.bootstrapServers());
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);

    try (KafkaStreams streams = new KafkaStreams(builder.build(), props)) {
      streams.start();
      await("the streams app runs").atMost(Duration.ofSeconds(60))
          .until(() -> streams.state() == KafkaStreams.State.RUNNING);
      try (KafkaProducer<String, String> producer =
          KafkaTestClients.producer(runtime.bootstrapServers(), Map.of())) {
        producer.send(new ProducerRecord<>(input, "k", "hello")).get(30, TimeUnit.SECONDS);
      }

      assertThat(KafkaTestClients.readFromStart(runtime.bootstrapServers(), output, 1, "read_committed"))
          .extracting(ConsumerRecord::value).containsExactly("HELLO");
    }
  }
}
