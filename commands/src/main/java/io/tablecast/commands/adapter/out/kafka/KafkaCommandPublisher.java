package io.tablecast.commands.adapter.out.kafka;

import io.opentelemetry.context.Context;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.CommandPublisher;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.Topic;
import io.tablecast.common.tracing.TraceHeaders;
import io.tablecast.common.tracing.Tracing;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Publishes commands to {@code tablecast.commands}, keyed by the routing key of their first step.
 * Idempotent producer with {@code acks=all}: {@link #publish} returns once the broker has the
 * command, or throws. With tracing on, the record carries the current span (the HTTP request's)
 * in its {@code traceparent} header.
 */
public final class KafkaCommandPublisher implements CommandPublisher, AutoCloseable {

  private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

  private final KafkaProducer<String, CommandEnvelope> producer;
  private final String topic;
  private final Tracing tracing;

  public KafkaCommandPublisher(KafkaSettings kafka, Topic<String, CommandEnvelope> topic, Tracing tracing) {
    this.topic = topic.name();
    this.tracing = tracing;
    this.producer =
        new KafkaProducer<>(
            kafka.client(Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 2,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) SEND_TIMEOUT.toMillis(),
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) SEND_TIMEOUT.toMillis() - 1000)),
            topic.keySerde().serializer(),
            topic.valueSerde().serializer());
  }

  @Override
  public void publish(CommandEnvelope envelope) {
    ProducerRecord<String, CommandEnvelope> record =
        new ProducerRecord<>(topic, envelope.currentStep().routingKey(), envelope);
    TraceHeaders.inject(tracing, Context.current(), record.headers());
    try {
      producer.send(record).get(SEND_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while publishing " + envelope.commandId(), e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Could not publish command " + envelope.commandId(), e);
    }
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
