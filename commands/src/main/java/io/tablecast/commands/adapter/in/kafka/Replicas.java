package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.schema.EventTopics;
import io.tablecast.commands.adapter.out.kafka.schema.InternalSerdes;
import io.tablecast.commands.application.ReplicatedFacts;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.common.kafka.Topic;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.schemas.UndecodableEventException;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The processor's replicas of every department and employee: two global stores, each fed by an
 * event topic on every instance (Kafka Streams global stores, rebuilt from the topic through the
 * same updater after a restart). They answer {@link ReplicatedFacts}: which departments exist, and
 * what each employee's manager details are. Undecodable events are skipped, as the projector
 * parks them.
 */
final class Replicas {

  static final String DEPARTMENTS = "department-replica";
  static final String EMPLOYEES = "employee-replica";
  private static final Logger log = LoggerFactory.getLogger(Replicas.class);

  private Replicas() {}

  /**
   * The values are read as bytes and decoded by the updater with the topic's serde, so that an
   * undecodable event is skipped there rather than failing the global thread.
   */
  static void add(Topology topology, EventTopics topics) {
    Topic<String, DomainEvent> departments = topics.departments();
    topology.addGlobalStore(
        Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(DEPARTMENTS), Serdes.String(), Serdes.String()).withLoggingDisabled(),
        "department-replica-source", departments.keySerde().deserializer(), new ByteArrayDeserializer(), departments.name(),
        "department-replica-updater", () -> new Updater<String>(DEPARTMENTS, departments.valueSerde().deserializer(),
            (event, current) -> Optional.of("exists")));
    Topic<String, DomainEvent> employees = topics.employees();
    topology.addGlobalStore(
        Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EMPLOYEES), Serdes.String(), InternalSerdes.employeeFacts())
            .withLoggingDisabled(),
        "employee-replica-source", employees.keySerde().deserializer(), new ByteArrayDeserializer(), employees.name(),
        "employee-replica-updater", () -> new Updater<EmployeeFacts>(EMPLOYEES, employees.valueSerde().deserializer(),
            (event, current) -> event instanceof EmployeeEvent e ? EmployeeFacts.evolve(current, e) : current));
  }

  /** How an event changes a replicated value. */
  interface Evolution<V> {
    Optional<V> apply(DomainEvent event, Optional<V> current);
  }

  /** Folds each event of a topic into its key's value. */
  private static final class Updater<V> implements Processor<String, byte[], Void, Void> {
    private final String storeName;
    private final Deserializer<DomainEvent> events;
    private final Evolution<V> evolution;
    private KeyValueStore<String, V> store;

    Updater(String storeName, Deserializer<DomainEvent> events, Evolution<V> evolution) {
      this.storeName = storeName;
      this.events = events;
      this.evolution = evolution;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
      this.store = context.getStateStore(storeName);
    }

    @Override
    public void process(Record<String, byte[]> record) {
      if (record.key() == null || record.value() == null) {
        return;
      }
      try {
        DomainEvent event = events.deserialize("", record.headers(), record.value());
        evolution.apply(event, Optional.ofNullable(store.get(record.key()))).ifPresent(value -> store.put(record.key(), value));
      } catch (UndecodableEventException e) {
        log.debug("Replica {} skips an undecodable event of key {}: {}", storeName, record.key(), e.getMessage());
      }
    }
  }

  /**
   * The facts, read from the replicas through {@code stores} (a processor's context, or
   * interactive queries). A replica that cannot be read now (still being restored) knows nothing.
   */
  static ReplicatedFacts facts(Function<String, ReadOnlyKeyValueStore<String, Object>> stores) {
    return new ReplicatedFacts() {
      @Override
      public boolean departmentExists(DepartmentId id) {
        return read(DEPARTMENTS, id.value()).isPresent();
      }

      @Override
      public Optional<EmployeeFacts> employee(EmployeeId id) {
        return read(EMPLOYEES, id.canonical()).map(EmployeeFacts.class::cast);
      }

      private Optional<Object> read(String store, String key) {
        try {
          return Optional.ofNullable(stores.apply(store).get(key));
        } catch (InvalidStateStoreException e) {
          return Optional.empty();
        }
      }
    };
  }
}
