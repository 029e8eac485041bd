package io.tablecast.bench;

import io.tablecast.commands.adapter.out.kafka.schema.InternalSerdes;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Real command-topic records, for the producer ceilings: every step of hires like the ones
 * the benchmark sends, serialized exactly as the commands service does (key: the step's routing
 * key; value: the {@link CommandEnvelope} in Avro single-object encoding). The ceiling then writes
 * records of the same size and the same keys as the processor's command hops.
 */
record EnvelopeSamples(List<byte[]> keys, List<byte[]> values) {

  static EnvelopeSamples ofHires(List<String> departments) {
    Serializer<CommandEnvelope> serializer = InternalSerdes.commandEnvelopes().serializer();
    List<byte[]> keys = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    int id = 90_000_000;
    for (String department : departments) {
      HireEmployee hire = new HireEmployee(EmployeeId.parse(Integer.toString(id)), new DepartmentId(department),
          "Ann", "Lee", "e" + id + "@bench.example", 34);
      CommandEnvelope step = CommandEnvelope.first(UUID.randomUUID().toString(), Instant.now(), Actor.ANONYMOUS, hire, Optional.empty());
      while (true) {
        keys.add(step.currentStep().routingKey().getBytes(StandardCharsets.UTF_8));
        values.add(serializer.serialize("sizes", step));
        if (step.route().size() == 1) {
          break;
        }
        step = step.next(step.command());
      }
      id++;
    }
    return new EnvelopeSamples(List.copyOf(keys), List.copyOf(values));
  }

  int size() {
    return keys.size();
  }

  double meanKeyBytes() {
    return keys.stream().mapToInt(k -> k.length).average().orElse(0);
  }

  double meanValueBytes() {
    return values.stream().mapToInt(v -> v.length).average().orElse(0);
  }
}
