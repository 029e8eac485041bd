package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.schema.CommandTopics;
import io.tablecast.commands.adapter.out.kafka.schema.InternalSerdes;
import io.tablecast.commands.application.ReplicatedFacts;
import io.tablecast.common.kafka.Topic;
import io.tablecast.common.tracing.Tracing;
import java.time.Clock;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The command processor as a Kafka Streams topology: a static function of the typed topics and a
 * clock, kept apart from configuration so that {@code TopologyTestDriver} can run it.
 *
 * <pre>
 * tablecast.commands ──► processor ──► tablecast.department-events / tablecast.employee-events
 *         ▲               (stores)  ──► tablecast.command-results (every outcome)
 *         └──────────────────────────── next steps and internal follow-ups
 * tablecast.department-events / tablecast.employee-events ──► replicas (global stores, every instance)
 * </pre>
 *
 * Each command step is keyed by the aggregate it visits, so the aggregate's state store lives on
 * the partition that processes it; with {@code exactly_once_v2} the state change, the event and
 * the next step commit together or not at all. The replicas of all departments and employees
 * ({@link Replicas}) let a step be skipped when its answer is already known.
 */
public final class CommandTopology {

  static final String SOURCE = "commands";
  static final String PROCESSOR = "command-processor";
  static final String DEPARTMENT_EVENTS = "department-events";
  static final String EMPLOYEE_EVENTS = "employee-events";
  static final String RESULTS = "results";
  static final String NEXT_STEP = "next-step";
  static final String DEPARTMENTS_STORE = "departments";
  static final String EMPLOYEES_STORE = "employees";
  static final String EMAILS_STORE = "emails";
  static final String IDEMPOTENCY_STORE = "idempotency";

  private CommandTopology() {}

  public static Topology build(CommandTopics topics, Clock clock) {
    return build(topics, clock, Tracing.OFF);
  }

  /** @param tracing the processor's: a span per decision, and the trace context in every record it sends */
  public static Topology build(CommandTopics topics, Clock clock, Tracing tracing) {
    Topology topology = new Topology();
    topology.addSource(SOURCE, topics.commands().keySerde().deserializer(), topics.commands().valueSerde().deserializer(),
        topics.commands().name());
    topology.addProcessor(PROCESSOR, () -> new CommandProcessor(clock, tracing), SOURCE);
    addStore(topology, DEPARTMENTS_STORE, InternalSerdes.departmentStates());
    addStore(topology, EMPLOYEES_STORE, InternalSerdes.employeeStates());
    addStore(topology, EMAILS_STORE, InternalSerdes.emailClaims());
    addStore(topology, IDEMPOTENCY_STORE, InternalSerdes.idempotencyRecords());
    addSink(topology, DEPARTMENT_EVENTS, topics.events().departments());
    addSink(topology, EMPLOYEE_EVENTS, topics.events().employees());
    addSink(topology, RESULTS, topics.results());
    addSink(topology, NEXT_STEP, topics.commands());
    Replicas.add(topology, topics.events());
    return topology;
  }

  /** The facts of the topology's replicas, read through {@code stores} (for example a test driver's). */
  public static ReplicatedFacts replicatedFacts(Function<String, ReadOnlyKeyValueStore<String, Object>> stores) {
    return Replicas.facts(stores);
  }

  /** A sink of the processor, writing with its topic's serdes. */
  private static <K, V> void addSink(Topology topology, String name, Topic<K, V> topic) {
    topology.addSink(name, topic.name(), topic.keySerde().serializer(), topic.valueSerde().serializer(), PROCESSOR);
  }

  /** A persistent store of the processor, restored from its changelog topic after a restart. */
  private static <V> void addStore(Topology topology, String name, Serde<V> values) {
    topology.addStateStore(
        Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), values),
        PROCESSOR);
  }
}
