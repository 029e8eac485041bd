package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.schema.CommandTopics;
import io.tablecast.commands.application.ReplicatedFacts;
import io.tablecast.common.tracing.Tracing;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the {@link CommandTopology} with {@code processing.guarantee=exactly_once_v2}. State
 * stores are restored from their changelogs on start, so a restart keeps every rule; the local
 * state directory is never wiped on start.
 *
 * <p>No idle timers on the command path: a transaction commits {@link #COMMIT_INTERVAL} after the
 * previous one at most, the producer lingers 1 ms. While records are being processed the stream
 * thread polls every 2 ms, so a pass waits for no timer; once they are committed it blocks until
 * the next record arrives, or {@link #IDLE_POLL} (its consumer is {@link ArrivalPolling}'s). An
 * idle processor then wakes a few times a second instead of 500 times.
 */
public final class CommandProcessorRunner implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CommandProcessorRunner.class);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  static final Duration COMMIT_INTERVAL = Duration.ofMillis(5);
  /**
   * {@code poll.ms}: how long an idle stream thread, and the global thread, block in a poll. Each
   * returns as soon as a record arrives, and a close waits for them this long at most. Longer would
   * save little: the stream thread's consumer wakes anyway when the broker answers its idle fetch,
   * every {@code fetch.max.wait.ms} (500 ms; its partitions are paused and resumed, so none should
   * wait for a fetch of the others held longer).
   */
  static final Duration IDLE_POLL = Duration.ofMillis(500);

  private final KafkaStreams streams;

  private CommandProcessorRunner(KafkaStreams streams) {
    this.streams = streams;
  }

  /**
   * Starts the processor and waits until it runs, so that the API never accepts commands early.
   *
   * @param tracing a span per decision, in the trace of the command's record
   */
  public static CommandProcessorRunner start(ProcessorSettings settings, CommandTopics topics, Clock clock, Tracing tracing) {
    AtomicBoolean running = new AtomicBoolean();
    KafkaStreams streams = new KafkaStreams(CommandTopology.build(topics, clock, tracing), properties(settings),
        new ArrivalPolling(COMMIT_INTERVAL, running::get));
    streams.setStateListener((now, before) -> running.set(now == KafkaStreams.State.RUNNING));
    streams.setUncaughtExceptionHandler(
        e -> {
          log.error("Command processor thread failed; stopping the processor", e);
          return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    streams.start();
    CommandProcessorRunner runner = new CommandProcessorRunner(streams);
    runner.awaitRunning();
    return runner;
  }

  static Properties properties(ProcessorSettings settings) {
    Properties p = new Properties();
    p.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.namespace().group("tablecast-command-processor"));
    p.putAll(settings.kafka().client(Map.of()));
    p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    p.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir().toAbsolutePath().toString());
    p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, COMMIT_INTERVAL.toMillis());
    p.put(StreamsConfig.POLL_MS_CONFIG, IDLE_POLL.toMillis());
    p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 1);
    p.put(StreamsConfig.producerPrefix(ProducerConfig.RETRY_BACKOFF_MS_CONFIG), 10);
    p.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, LogAndContinueExceptionHandler.class);
    // Static membership: a restarted instance takes its tasks back at once, without a rebalance,
    // and close(leaveGroup) hands them to the others at once on a scale-down.
    p.put(StreamsConfig.consumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG), settings.instanceId());
    p.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 10_000);
    p.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), 2_000);
    return p;
  }

  private void awaitRunning() {
    Instant deadline = Instant.now().plus(START_TIMEOUT);
    while (streams.state() != KafkaStreams.State.RUNNING) {
      if (!streams.state().isRunningOrRebalancing() && streams.state() != KafkaStreams.State.CREATED) {
        throw new IllegalStateException("Command processor failed to start: " + streams.state());
      }
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException("Command processor not running after " + START_TIMEOUT.toSeconds() + " s: " + streams.state());
      }
      sleep();
    }
    log.info("Command processor running");
  }

  private static void sleep() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while starting the command processor", e);
    }
  }

  /** The replicas of this instance, read by interactive queries: the HTTP side's shortcuts before a command's first pass. */
  public ReplicatedFacts facts() {
    return Replicas.facts(name -> streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, Object>keyValueStore())));
  }

  public boolean isRunning() {
    return streams.state().isRunningOrRebalancing();
  }

  public String state() {
    return streams.state().name();
  }

  @Override
  public void close() {
    // Leave the group, so that a restarted processor gets its tasks at once instead of waiting
    // for this member's session to time out.
    streams.close(new KafkaStreams.CloseOptions().leaveGroup(true).timeout(Duration.ofSeconds(30)));
  }
}
