package io.tablecast.commands.adapter.in.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.KafkaClientSupplier;

/**
 * The command processor's Kafka clients: Kafka Streams' own, except that a stream thread's
 * consumer blocks until records arrive while the thread has nothing left to commit, and polls
 * briefly while it has.
 *
 * <p>Why: a stream thread commits only between two polls, once {@code commit.interval.ms} has
 * passed since its last commit. A pass of a command is answered only when its transaction
 * commits, and its next step is then read from the topic, so every pass that finds the interval
 * not yet over waits for the next poll to return. With one fixed {@code poll.ms}, a short one (2 ms)
 * keeps that wait short but wakes the thread 500 times a second for nothing while idle, and a long
 * one adds up to itself to a pass whenever no other record arrives meanwhile.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>After a poll that returned records, the thread's next polls last at most {@link #BUSY_POLL}
 *       for {@code 2 × commit.interval.ms + BUSY_POLL} from its return to polling: longer than
 *       Streams can take to find the commit of those records due, so they are committed as soon as
 *       with {@code poll.ms} = {@link #BUSY_POLL}.
 *   <li>Until Kafka Streams is {@code RUNNING} (start, rebalances, restoration), polls are as
 *       short, so tasks start as soon as they are restored.
 *   <li>Otherwise a poll blocks for {@code poll.ms}, returning as soon as a record arrives. The
 *       global thread's poll does the same: it commits nothing that a command waits for. Either
 *       thread notices a close within {@code poll.ms}.
 * </ul>
 *
 * Only {@code poll(Duration)} differs from Streams' own clients ({@code DefaultKafkaClientSupplier});
 * the admin client, the producers, the restore and the global consumers are built as Streams builds
 * them. (The global consumer keeps Kafka's 500-ms hold of an idle fetch: a longer one made every
 * restart wait, as the restore of the global stores polls until their end.)
 */
final class ArrivalPolling implements KafkaClientSupplier {

  /** How long a poll lasts while a commit may be due: what {@code poll.ms} used to be. */
  static final Duration BUSY_POLL = Duration.ofMillis(2);

  private final long busyNanos;
  private final BooleanSupplier running;

  /**
   * @param commitInterval the processor's {@code commit.interval.ms}
   * @param running whether Kafka Streams is {@code RUNNING}
   */
  ArrivalPolling(Duration commitInterval, BooleanSupplier running) {
    this.busyNanos = commitInterval.multipliedBy(2).plus(BUSY_POLL).toNanos();
    this.running = running;
  }

  @Override
  public Consumer<byte[], byte[]> getConsumer(Map<String, Object> config) {
    return new ArrivalConsumer(config, new PollTimeout(busyNanos, running));
  }

  @Override
  public Admin getAdmin(Map<String, Object> config) {
    return Admin.create(config);
  }

  @Override
  public Producer<byte[], byte[]> getProducer(Map<String, Object> config) {
    return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
  }

  @Override
  public Consumer<byte[], byte[]> getRestoreConsumer(Map<String, Object> config) {
    return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  @Override
  public Consumer<byte[], byte[]> getGlobalConsumer(Map<String, Object> config) {
    return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /** The timeout of each poll of one stream thread's consumer; not thread-safe, as the consumer. */
  static final class PollTimeout {
    private final long busyNanos;
    private final BooleanSupplier running;
    private boolean returnedRecords;
    private boolean committing;
    private long busyUntil;

    PollTimeout(long busyNanos, BooleanSupplier running) {
      this.busyNanos = busyNanos;
      this.running = running;
    }

    /** The timeout of a poll starting at {@code nowNanos} that Streams asked to last {@code requested}. */
    Duration next(Duration requested, long nowNanos) {
      if (returnedRecords) {
        busyUntil = nowNanos + busyNanos; // back from processing them: their commit may be due soon
        committing = true;
        returnedRecords = false;
      }
      committing &= nowNanos - busyUntil < 0;
      boolean busy = committing || !running.getAsBoolean();
      return busy && BUSY_POLL.compareTo(requested) < 0 ? BUSY_POLL : requested;
    }

    void returned(int records) {
      returnedRecords = records > 0;
    }
  }

  private static final class ArrivalConsumer extends KafkaConsumer<byte[], byte[]> {
    private final PollTimeout timeout;

    ArrivalConsumer(Map<String, Object> config, PollTimeout timeout) {
      super(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
      this.timeout = timeout;
    }

    @Override
    public ConsumerRecords<byte[], byte[]> poll(Duration requested) {
      ConsumerRecords<byte[], byte[]> records = super.poll(timeout.next(requested, System.nanoTime()));
      timeout.returned(records.count());
      return records;
    }
  }
}
