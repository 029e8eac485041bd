package io.tablecast.commands.testdata;

import io.tablecast.commands.adapter.in.kafka.CommandTopology;
import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.adapter.out.kafka.schema.CommandTopics;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.application.Shortcuts;
import io.tablecast.commands.domain.Command;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.Topic;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.Actor;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.testkit.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The command processor's topology without a broker, for tests that read as histories: send
 * commands, then look at what came out. Multi-step commands run to their end within {@link
 * #send}. The clock can be moved.
 */
public final class ProcessorDriver implements AutoCloseable {

  public static final Instant T0 = Instant.parse("2026-11-25T22:44:37.595Z");
  private static final CommandTopics TOPICS = CommandTopics.of(TopicNames.of(Namespace.NONE, EventTopicNames.ALL));

  private final MovableClock clock = new MovableClock(T0);
  private final TopologyTestDriver driver;
  private final TestInputTopic<String, CommandEnvelope> commands;
  private final TestOutputTopic<String, DomainEvent> departmentEvents;
  private final TestOutputTopic<String, DomainEvent> employeeEvents;
  private final TestOutputTopic<String, CommandResult> results;
  /** The next steps the processor sends itself, read only to count passes: the driver pipes them back by itself. */
  private final TestOutputTopic<String, CommandEnvelope> nextSteps;
  private int passes;
  /** Answers read with events that are not acceptances, kept for {@link #newResults()}. */
  private final List<CommandResult> pending = new ArrayList<>();
  private final List<TestRecord<String, DomainEvent>> allEvents = new ArrayList<>();

  public ProcessorDriver() {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "command-topology-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    driver = new TopologyTestDriver(CommandTopology.build(TOPICS, clock), props, T0);
    commands = driver.createInputTopic(TOPICS.commands().name(), TOPICS.commands().keySerde().serializer(),
        TOPICS.commands().valueSerde().serializer());
    departmentEvents = output(TOPICS.events().departments());
    employeeEvents = output(TOPICS.events().employees());
    results = output(TOPICS.results());
    nextSteps = output(TOPICS.commands());
  }

  private <K, V> TestOutputTopic<K, V> output(Topic<K, V> topic) {
    return driver.createOutputTopic(topic.name(), topic.keySerde().deserializer(), topic.valueSerde().deserializer());
  }

  /** Sends a command and returns its id. */
  public String send(Command command) {
    return send(command, Optional.empty());
  }

  /** Sends a command by the anonymous actor, as the HTTP service does with authentication off. */
  public String send(Command command, Optional<IdempotencyRef> key) {
    return send(command, key, Actor.ANONYMOUS);
  }

  /** Sends a command as the HTTP service does: its route shortened by what the replicas know. */
  public String send(Command command, Optional<IdempotencyRef> key, Actor actor) {
    CommandEnvelope envelope = Shortcuts.apply(
        CommandEnvelope.first(UUID.randomUUID().toString(), clock.instant(), actor, command, key),
        CommandTopology.replicatedFacts(name -> driver.<String, Object>getKeyValueStore(name)));
    passes += 1;
    commands.pipeInput(envelope.currentStep().routingKey(), envelope, clock.instant());
    passes += nextSteps.readValuesToList().size();
    return envelope.commandId();
  }

  /** The passes through the command topic since the last call: each command's first, and each next step it was sent on. */
  public int newPasses() {
    int counted = passes;
    passes = 0;
    return counted;
  }

  /**
   * The events recorded since the last call, in order, from both event topics. Each must have been
   * answered as accepted on the results topic, with its command id and version, in the same pass;
   * those answers are taken here, and {@link #newResults()} returns the others.
   */
  public List<TestRecord<String, DomainEvent>> newEvents() {
    List<TestRecord<String, DomainEvent>> fresh = new ArrayList<>(departmentEvents.readRecordsToList());
    fresh.addAll(employeeEvents.readRecordsToList());
    allEvents.addAll(fresh);
    List<CommandResult> answers = new ArrayList<>(pending);
    answers.addAll(results.readValuesToList());
    pending.clear();
    List<String> accepted = new ArrayList<>();
    answers.forEach(r -> {
      if (r.kind() == CommandResult.Kind.ACCEPTED) {
        accepted.add(r.commandId() + "@" + r.version());
      } else {
        pending.add(r);
      }
    });
    List<String> expected = fresh.stream().map(e -> e.value().metadata().commandId() + "@" + e.value().version()).toList();
    if (!new java.util.HashSet<>(accepted).equals(new java.util.HashSet<>(expected))) {
      throw new AssertionError("Events " + expected + " were answered as accepted by " + accepted);
    }
    return fresh;
  }

  public DomainEvent onlyNewEvent() {
    List<TestRecord<String, DomainEvent>> fresh = newEvents();
    if (fresh.size() != 1) {
      throw new AssertionError("Expected exactly one new event, got " + fresh);
    }
    return fresh.get(0).value();
  }

  /** The answers other than acceptances since the last call. */
  public List<CommandResult> newResults() {
    List<CommandResult> fresh = new ArrayList<>(pending);
    pending.clear();
    fresh.addAll(results.readValuesToList());
    return fresh;
  }

  public CommandResult onlyNewResult() {
    List<CommandResult> fresh = newResults();
    if (fresh.size() != 1) {
      throw new AssertionError("Expected exactly one new result, got " + fresh);
    }
    return fresh.get(0);
  }

  /** Moves the processor's clock and lets its wall-clock punctuations run. */
  public void advance(Duration duration) {
    clock.advance(duration);
    driver.advanceWallClockTime(duration);
  }

  @Override
  public void close() {
    driver.close();
  }
}
