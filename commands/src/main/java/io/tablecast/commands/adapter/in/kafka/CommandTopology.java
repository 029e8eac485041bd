package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.schema.InternalSerdes;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.ReplicatedFacts;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.schemas.EventSerde;
import java.time.Clock;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The command processor as a Kafka Streams topology: a static function of the topic names and a
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

  public static Topology build(TopicNames topics, Clock clock) {
    Serde<CommandEnvelope> commands = InternalSerdes.commandEnvelopes();
    EventSerde events = new EventSerde();
    Topology topology = new Topology();
    topology.addSource(SOURCE, new StringDeserializer(), commands.deserializer(), topics.commands());
    topology.addProcessor(PROCESSOR, () -> new CommandProcessor(clock), SOURCE);
    addStore(topology, DEPARTMENTS_STORE, InternalSerdes.departmentStates());
    addStore(topology, EMPLOYEES_STORE, InternalSerdes.employeeStates());
    addStore(topology, EMAILS_STORE, InternalSerdes.emailClaims());
    addStore(topology, IDEMPOTENCY_STORE, InternalSerdes.idempotencyRecords());
    topology.addSink(DEPARTMENT_EVENTS, topics.departmentEvents(), new StringSerializer(), events.serializer(), PROCESSOR);
    topology.addSink(EMPLOYEE_EVENTS, topics.employeeEvents(), new StringSerializer(), events.serializer(), PROCESSOR);
    topology.addSink(
        RESULTS, topics.commandResults(), new StringSerializer(), InternalSerdes.commandResults().serializer(), PROCESSOR);
    topology.addSink(NEXT_STEP, topics.commands(), new StringSerializer(), commands.serializer(), PROCESSOR);
    Replicas.add(topology, topics);
    return topology;
  }

  /** The facts of the topology's replicas, read through {@code stores} (for example a test driver's). */
  public static ReplicatedFacts replicatedFacts(Function<String, ReadOnlyKeyValueStore<String, Object>> stores) {
    return Replicas.facts(stores);
  }

  /** A persistent store of the processor, restored from its changelog topic after a restart. */
  private static <V> void addStore(Topology topology, String name, Serde<V> values) {
    topology.addStateStore(
        Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), values),
        PROCESSOR);
  }
}
