package io.tablecast.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The raw Kafka producer ceilings, for records like the command processor's, measured on the
 * broker that serves the commands (see {@link EnvelopeSamples}). Two producers, each with
 * {@code acks=all}, idempotence and {@code linger.ms=5}:
 *
 * <ul>
 *   <li><b>raw</b>: one producer sending asynchronously as fast as it can: the plain ceiling.
 *   <li><b>transactional</b>: one producer that commits a transaction every {@value
 *       #COMMIT_INTERVAL_MS} ms, the command processor's commit interval: the ceiling of a writer
 *       that commits like exactly-once Kafka Streams, before any consuming or processing.
 * </ul>
 *
 * Each run counts the records the broker acknowledged (raw) or that were committed
 * (transactional), divided by the whole run including the final flush or commit.
 */
final class ProducerCeiling implements AutoCloseable {

  static final int COMMIT_INTERVAL_MS = 50;

  private final String topic;
  private final EnvelopeSamples samples;
  private final KafkaProducer<byte[], byte[]> raw;
  private final KafkaProducer<byte[], byte[]> transactional;
  private long next;

  ProducerCeiling(String bootstrapServers, String topic, EnvelopeSamples samples) {
    this.topic = topic;
    this.samples = samples;
    this.raw = producer(bootstrapServers, Map.of());
    this.transactional = producer(bootstrapServers, Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, topic + "-tx"));
    transactional.initTransactions();
  }

  private static KafkaProducer<byte[], byte[]> producer(String bootstrapServers, Map<String, Object> extra) {
    Map<String, Object> config = new HashMap<>(extra);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /** Records per second acknowledged by the broker, sending asynchronously for {@code duration}. */
  double raw(Duration duration) {
    AtomicLong acked = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    long start = System.nanoTime();
    long deadline = start + duration.toNanos();
    while (System.nanoTime() < deadline) {
      raw.send(nextRecord(), (metadata, e) -> (e == null ? acked : failed).incrementAndGet());
    }
    raw.flush();
    requireNoFailures(failed.get(), "raw");
    return acked.get() / ((System.nanoTime() - start) / 1e9);
  }

  /** Records per second committed, in transactions of {@value #COMMIT_INTERVAL_MS} ms of sending. */
  double transactional(Duration duration) {
    long committed = 0;
    long start = System.nanoTime();
    long deadline = start + duration.toNanos();
    while (System.nanoTime() < deadline) {
      transactional.beginTransaction();
      long commitAt = System.nanoTime() + Duration.ofMillis(COMMIT_INTERVAL_MS).toNanos();
      long sent = 0;
      while (System.nanoTime() < commitAt) {
        transactional.send(nextRecord());
        sent++;
      }
      transactional.commitTransaction(); // flushes, then commits; throws if any send failed
      committed += sent;
    }
    return committed / ((System.nanoTime() - start) / 1e9);
  }

  private ProducerRecord<byte[], byte[]> nextRecord() {
    int i = (int) (next++ % samples.size());
    return new ProducerRecord<>(topic, samples.keys().get(i), samples.values().get(i));
  }

  private static void requireNoFailures(long failed, String which) {
    if (failed > 0) {
      throw new IllegalStateException(failed + " records of the " + which + " ceiling failed");
    }
  }

  @Override
  public void close() {
    raw.close(Duration.ofSeconds(10));
    transactional.close(Duration.ofSeconds(10));
  }
}
